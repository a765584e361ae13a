package app

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"mime"
	"strconv"
	"strings"
	"testing"
	"time"

	"goldshop/iran"
)

// exportFile is an export as the owner's browser saves it, read back.
type exportFile struct {
	header []string
	rows   [][]string
}

// export downloads one export and checks what makes Excel open it right: the type, an ASCII file name,
// the byte-order mark, CRLF line ends and no Persian digits; then it parses the CSV back.
func (s *testShop) export(token, name, from, to string) exportFile {
	s.t.Helper()
	r := s.do("GET", fmt.Sprintf("/api/admin/exports/%s.csv?from=%s&to=%s", name, from, to), token, nil)
	if r.Status != 200 {
		s.t.Fatalf("export %s: %d %s", name, r.Status, r.Body)
	}
	if ct := r.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
		s.t.Fatalf("Content-Type %q", ct)
	}
	disposition, params, err := mime.ParseMediaType(r.Header.Get("Content-Disposition"))
	if want := fmt.Sprintf("goldshop-%s-%s-%s.csv", name, from, to); err != nil || disposition != "attachment" || params["filename"] != want {
		s.t.Fatalf("Content-Disposition %q, want an attachment named %s", r.Header.Get("Content-Disposition"), want)
	}
	body, ok := strings.CutPrefix(r.Body, "\uFEFF")
	if !ok {
		s.t.Fatalf("no byte-order mark: %q", r.Body[:min(len(r.Body), 20)])
	}
	if strings.Count(body, "\n") != strings.Count(body, "\r\n") || !strings.HasSuffix(body, "\r\n") {
		s.t.Fatalf("lines not ended by CRLF: %q", body)
	}
	// the headers are Persian words ("وزن ۷۵۰"); every value is written with Latin digits
	if _, values, _ := strings.Cut(body, "\r\n"); strings.ContainsAny(values, "۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩") {
		s.t.Fatalf("Persian digits in the values: %s", values)
	}
	records, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil || len(records) == 0 {
		s.t.Fatalf("not CSV (%v): %s", err, body)
	}
	return exportFile{header: records[0], rows: records[1:]}
}

// tehran is a moment of Tehran's wall clock in March 2026.
func tehran(day, hour, minute int) time.Time {
	return time.Date(2026, time.March, day, hour, minute, 0, 0, iran.Tehran)
}

// exportDaysShop is a shop whose owner and customer Sara did something of every kind just before the
// export's range (the evening of 20 March, Tehran), at its first instant (1 Farvardin 1405, 00:00), inside it,
// at its last minute (2 Farvardin, 23:59) and just after it (3 Farvardin, 00:00).
type exportDaysShop struct {
	*testShop
	owner            string
	sara, reza, late trader
	// trades are the trades in the range, each with its time in the file
	trades []madeTrade
	// outside are the ids of the trades just before and just after the range
	outside []string
}

type madeTrade struct {
	at           string
	side         string
	quote, entry map[string]any
}

func newExportDaysShop(t *testing.T) *exportDaysShop {
	s := &exportDaysShop{testShop: newTestShop(t)}
	s.clock.setClock(tehran(20, 23, 50))
	s.owner = s.newOwner()
	ownerID := s.userID(s.owner)
	s.sara = s.newCustomer()
	// awake signs everyone in again after the clock moved past their tokens' life, and sets a fresh price.
	awake := func() {
		s.owner = s.newLogin(mustID(t, ownerID))
		s.sara.token = s.newLogin(mustID(t, s.sara.id))
		s.setPrice(s.owner, 50_000_000)
	}
	awake()
	var bars []string
	for i := 1; i <= 4; i++ {
		bars = append(bars, s.addBar(s.owner, "البرز", fmt.Sprint(100+i), "750", "1"))
	}
	s.fund(s.sara.token, s.owner, "100000000")
	s.charge(s.owner, s.sara, "gold", "10")
	_, before := s.trade(s.sara, "buy", map[string]any{"amount_gold": "0.5"})
	s.outside = append(s.outside, fmt.Sprint(before["id"]))

	s.clock.setClock(tehran(21, 0, 0))
	awake()
	q, e := s.trade(s.sara, "buy", map[string]any{"amount_gold": "1.25"})
	s.trades = append(s.trades, madeTrade{"1405/01/01 00:00", "خرید", q, e})
	s.reza = s.newCustomer() // 00:01, after the trade moved the clock
	q, e = s.trade(s.sara, "sell", map[string]any{"amount_gold": "0.75"})
	s.trades = append(s.trades, madeTrade{"1405/01/01 00:01", "فروش", q, e})

	s.deposit(s.sara.token, "2000000")
	card := s.addSettledCard(s.sara.token, melliCard)
	for _, step := range []struct{ amount, decision string }{{"3000000", "approved"}, {"1000000", "rejected"}, {"500000", "cancel"}} {
		r := s.withdrawCall(s.sara.token, card, step.amount, "", "")
		if r.Status != 200 {
			t.Fatalf("withdraw: %d %s", r.Status, r.Body)
		}
		id := fmt.Sprint(r.JSON["request"].(map[string]any)["id"])
		if step.decision == "cancel" {
			s.mustDo("POST", "/api/wallet/requests/cancel/"+id, s.sara.token, nil)
		} else {
			s.mustDo("PUT", "/api/wallet/requests/"+id, s.owner, map[string]string{"status": step.decision, "reject_reason": "=شبا اشتباه است"})
		}
	}

	decide := func(id string, to ...string) {
		for _, status := range to {
			s.mustDo("PUT", "/api/gold/requests/"+id, s.owner, map[string]any{"status": status, "reject_reason": "وزن مطابقت ندارد"})
		}
	}
	decide(s.requestBar(s.sara, bars[0]), "approved", "ready", "delivered")
	decide(s.requestBar(s.sara, bars[1]), "rejected")
	s.mustDo("POST", "/api/gold/requests/cancel/"+s.requestBar(s.sara, bars[2]), s.sara.token, nil)
	s.requestBar(s.sara, bars[3])

	s.clock.setClock(tehran(22, 23, 59))
	awake()
	q, e = s.trade(s.sara, "buy", map[string]any{"amount_rial": 5_000_000})
	s.trades = append(s.trades, madeTrade{"1405/01/02 23:59", "خرید", q, e})

	s.clock.setClock(tehran(23, 0, 0))
	awake()
	_, after := s.trade(s.sara, "sell", map[string]any{"amount_gold": "0.1"})
	s.outside = append(s.outside, fmt.Sprint(after["id"]))
	s.late = s.newCustomer()
	s.deposit(s.sara.token, "7000000")
	return s
}

func mustID(t *testing.T, id string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// nationalIDOf is the customer's national id as the shop stored it.
func (s *testShop) nationalIDOf(c trader) string {
	s.t.Helper()
	u, err := s.store.UserByPhone(context.Background(), c.phone)
	if err != nil {
		s.t.Fatal(err)
	}
	return u.NationalID
}

// wantRows compares a file's rows with the rows the test made, cell by cell; "*" matches any non-empty cell.
func wantRows(t *testing.T, got exportFile, header []string, want [][]string) {
	t.Helper()
	if strings.Join(got.header, "|") != strings.Join(header, "|") {
		t.Fatalf("header %q\nwant   %q", got.header, header)
	}
	if len(got.rows) != len(want) {
		t.Fatalf("%d rows, want %d:\n%q", len(got.rows), len(want), got.rows)
	}
	for i, row := range want {
		if len(got.rows[i]) != len(row) {
			t.Fatalf("row %d: %q, want %q", i, got.rows[i], row)
		}
		for j, cell := range row {
			if cell == "*" && got.rows[i][j] != "" || cell == got.rows[i][j] {
				continue
			}
			t.Fatalf("row %d, %s: %q, want %q\nrow: %q", i, header[j], got.rows[i][j], cell, got.rows[i])
		}
	}
}

func TestExportsGiveTheRangesRowsAsExcelReadsThem(t *testing.T) {
	s := newExportDaysShop(t)
	from, to := "2026-03-21", "2026-03-22"

	t.Run("trades", func(t *testing.T) {
		f := s.forT(t).export(s.owner, "trades", from, to)
		var want [][]string
		for _, tr := range s.trades {
			want = append(want, []string{fmt.Sprint(tr.entry["id"]), tr.at, tr.side, "سارا", "احمدی", s.sara.phone,
				s.nationalIDOf(s.sara), tr.quote["amount_gold"].(string), tr.quote["amount_rial"].(string),
				tr.quote["price_per_gram"].(string)})
		}
		wantRows(t, f, []string{"شناسه", "زمان", "نوع", "نام", "نام خانوادگی", "موبایل", "کد ملی", "وزن (گرم)",
			"مبلغ (ریال)", "قیمت هر گرم (ریال)"}, want)
		if want[0][7] != "1.250" || want[1][7] != "0.750" || want[0][9] != "50000000" {
			t.Fatalf("grams and prices as the quotes gave them: %q", want)
		}
		for _, row := range f.rows {
			for _, id := range s.outside {
				if row[0] == id {
					t.Fatalf("trade %s from outside the range is in the file", id)
				}
			}
		}
	})

	t.Run("wallet requests", func(t *testing.T) {
		f := s.forT(t).export(s.owner, "wallet-requests", from, to)
		person := []string{"سارا", "احمدی", s.sara.phone}
		row := func(typ, amount, status, bank, card, decided, reason string) []string {
			return append(append([]string{"*", "*", typ}, person...), amount, status, bank, card, "", decided, reason)
		}
		wantRows(t, f, []string{"شناسه", "زمان ثبت", "نوع", "نام", "نام خانوادگی", "موبایل", "مبلغ (ریال)", "وضعیت",
			"بانک", "شماره کارت", "شماره شبا", "زمان تغییر وضعیت", "دلیل رد"}, [][]string{
			row("واریز", "2000000", "در انتظار", "", "", "", ""),
			row("برداشت", "3000000", "تایید شده", "*", melliCard, "*", ""),
			row("برداشت", "1000000", "رد شده", "*", melliCard, "*", "'=شبا اشتباه است"),
			row("برداشت", "500000", "لغو شده", "*", melliCard, "*", ""),
		})
		if at := f.rows[0][1]; !strings.HasPrefix(at, "1405/01/01 00:0") {
			t.Fatalf("the deposit made at 00:02 on 1 Farvardin is at %q", at)
		}
	})

	t.Run("gold requests", func(t *testing.T) {
		f := s.forT(t).export(s.owner, "gold-requests", from, to)
		row := func(ingot, status, decided, reason string) []string {
			return []string{"*", "*", "سارا", "احمدی", s.sara.phone, "البرز", ingot, "750.00", "1.000", "1.000", status, decided, reason}
		}
		wantRows(t, f, []string{"شناسه", "زمان ثبت", "نام", "نام خانوادگی", "موبایل", "آزمایشگاه (ری)", "انگ", "عیار",
			"وزن (گرم)", "وزن ۷۵۰ (گرم)", "وضعیت", "زمان تغییر وضعیت", "دلیل رد"}, [][]string{
			row("101", "تحویل داده شده", "*", ""),
			row("102", "رد شده", "*", "وزن مطابقت ندارد"),
			row("103", "لغو شده", "*", ""),
			row("104", "در انتظار", "", ""),
		})
	})

	t.Run("customers", func(t *testing.T) {
		f := s.forT(t).export(s.owner, "customers", from, to)
		wantRows(t, f, []string{"شناسه", "زمان ثبت‌نام", "نام", "نام خانوادگی", "موبایل", "کد ملی", "سطح قیمت"},
			[][]string{{s.reza.id, "1405/01/01 00:01", "سارا", "احمدی", s.reza.phone, s.nationalIDOf(s.reza), "1"}})
		// The day before and the day after hold the other two, and the owner is never listed.
		if f := s.forT(t).export(s.owner, "customers", "2026-03-20", "2026-03-20"); len(f.rows) != 1 || f.rows[0][0] != s.sara.id {
			t.Fatalf("20 March: %q, want Sara alone", f.rows)
		}
		if f := s.forT(t).export(s.owner, "customers", "2026-03-23", "2026-03-23"); len(f.rows) != 1 || f.rows[0][0] != s.late.id {
			t.Fatalf("23 March: %q, want the late customer alone", f.rows)
		}
	})

	t.Run("an empty range is the header alone", func(t *testing.T) {
		if f := s.forT(t).export(s.owner, "trades", "2026-04-01", "2026-04-30"); len(f.rows) != 0 || len(f.header) != 10 {
			t.Fatalf("%q %q", f.header, f.rows)
		}
	})

	t.Run("each export is audited with its range", func(t *testing.T) {
		p := s.forT(t).audit(s.owner, "kind=export")
		if len(p.Items) == 0 || p.Items[0].Actor == nil ||
			string(p.Items[0].After) != `{"export":"trades","from":"2026-04-01","to":"2026-04-30"}` {
			t.Fatalf("audit: %+v", p.Items)
		}
		exports := map[string]bool{}
		for _, it := range p.Items {
			var after map[string]string
			_ = json.Unmarshal(it.After, &after)
			exports[after["export"]] = true
		}
		if len(exports) != 4 {
			t.Fatalf("audited exports %v, want all four", exports)
		}
	})
}

func TestExportsRefuseBadRangesNamesAndCallers(t *testing.T) {
	s := newTestShop(t)
	owner := s.newOwner()
	customer := s.newCustomer().token
	staff := s.signInStaff("09350000002")
	path := "/api/admin/exports/trades.csv?from=2026-03-21&to=2026-03-22"
	noFile := []string{"\uFEFF", "شناسه"}
	bad := func(name, query, message string) scenario {
		return scenario{name: name, method: "GET", path: "/api/admin/exports/trades.csv?" + query, token: owner,
			wantStatus: 400, wantContains: message, wantAbsent: noFile}
	}
	s.run(t, []scenario{
		bad("refuses a range without its start", "to=2026-03-22", msgExportDatesRequired),
		bad("refuses a range without its end", "from=2026-03-21", msgExportDatesRequired),
		bad("refuses a range without either day", "", msgExportDatesRequired),
		bad("refuses an empty start", "from=&to=2026-03-22", msgExportDatesRequired),
		bad("refuses a day without its leading zeros", "from=2026-3-21&to=2026-03-22", msgExportDateInvalid),
		bad("refuses a day that does not exist", "from=2026-02-30&to=2026-03-22", msgExportDateInvalid),
		bad("refuses a day written day first", "from=21/03/2026&to=2026-03-22", msgExportDateInvalid),
		bad("refuses a time of day", "from=2026-03-21T00:00&to=2026-03-22", msgExportDateInvalid),
		bad("refuses a Jalali day sent by mistake", "from=1405-01-01&to=1405-01-02", msgExportDateInvalid),
		bad("refuses a malformed end", "from=2026-03-21&to=tomorrow", msgExportDateInvalid),
		bad("refuses a start after the end", "from=2026-03-23&to=2026-03-22", msgDateRange),
		{name: "accepts a one-day range", method: "GET", path: "/api/admin/exports/trades.csv?from=2026-03-22&to=2026-03-22", token: owner,
			wantStatus: 200, wantContains: "\uFEFFشناسه,زمان,نوع"},
		{name: "reads Persian digits as Latin", method: "GET", path: "/api/admin/exports/customers.csv?from=۲۰۲۶-۰۳-۲۱&to=۲۰۲۶-۰۳-۲۲", token: owner,
			wantStatus: 200, wantContains: "\uFEFFشناسه,زمان ثبت‌نام"},
		{name: "answers 404 for an export that does not exist", method: "GET", path: "/api/admin/exports/payments.csv?from=2026-03-21&to=2026-03-22",
			token: owner, wantStatus: 404, wantContains: msgExportNotFound, wantAbsent: noFile},
		{name: "refuses staff", method: "GET", path: path, token: staff, wantStatus: 403, wantContains: msgOwnerOnly, wantAbsent: noFile},
		{name: "refuses a customer", method: "GET", path: path, token: customer, wantStatus: 403, wantContains: msgAdminOnly, wantAbsent: noFile},
		{name: "refuses a signed-out caller", method: "GET", path: path, wantStatus: 401, wantAbsent: noFile},
	})
	if p := s.audit(owner, "kind=export"); len(p.Items) != 2 {
		t.Fatalf("%d exports audited, want the two that were sent", len(p.Items))
	}
}
