package app

import (
	"encoding/json"
	"fmt"
	"mime"
	"strconv"
	"strings"
	"testing"
)

// invoicesShop is a shop whose first morning of 1405 (21 March 2026, Tehran) has a customer's ring at the
// counter, the customer's web buy of a gram, and a walk-in's bar traded in against used gold, then voided.
type invoicesShop struct {
	*testShop
	owner, staff string
	customer     trader
	ring, bar    string // the two invoices' numbers
}

func newInvoicesShop(t *testing.T) *invoicesShop {
	s := &invoicesShop{testShop: newTestShop(t)}
	s.clock.setClock(tehran(21, 10, 0))
	s.owner, s.staff = s.signInAdmin(), s.signInStaff("09350000002")
	s.customer = s.newCustomer()
	s.setPrice(s.owner, 100_000_000)
	s.fund(s.customer.token, s.owner, "600000000")
	add := func(body map[string]any) string {
		r := s.mustDo("POST", "/api/admin/vault", s.owner, body)
		return fmt.Sprint(r.JSON["item"].(map[string]any)["id"])
	}
	ring := add(map[string]any{"kind": "jewellery", "description": "انگشتر", "weight": "4.250", "purity": "750",
		"tag": "R-100", "wage_percent": "18"})
	bar := add(map[string]any{"kind": "melted", "description": "آبشده", "weight": "10", "purity": "750"})
	record := func(key string, body map[string]any) map[string]any {
		priced := s.mustDo("POST", "/api/admin/counter/price", s.staff, body)
		net, _ := priced.JSON["net"].(float64)
		body["payments"] = []map[string]any{{"method": "cash", "amount": strconv.FormatFloat(net, 'f', 0, 64)}}
		r := s.counter().record(key, body)
		if r.Status != 201 {
			t.Fatalf("record: %d %s", r.Status, r.Body)
		}
		return r.JSON["invoice"].(map[string]any)
	}
	s.ring = record("tax-1", map[string]any{"sales": []map[string]any{{"item_id": ring}},
		"customer": map[string]any{"user_id": s.customer.id}})["number"].(string)
	s.trade(s.customer, "buy", map[string]any{"amount_gold": "1"})
	barInvoice := record("tax-2", map[string]any{"sales": []map[string]any{{"item_id": bar}},
		"buybacks": []map[string]any{{"description": "النگوی شکسته", "weight": "1", "purity": "750"}}})
	s.bar = barInvoice["number"].(string)
	s.mustDo("POST", "/api/admin/counter/invoices/"+fmt.Sprint(barInvoice["id"])+"/void", s.owner,
		map[string]any{"reason": "اشتباه در وزن"})
	return s
}

// counter lends the counter tests' record helper (staff, an Idempotency-Key) to this shop.
func (s *invoicesShop) counter() *counterShop {
	return &counterShop{testShop: s.testShop, owner: s.owner, staff: s.staff, customer: s.customer}
}

var invoicesHeader = []string{"شماره فاکتور", "تاریخ", "ساعت", "سری", "نوع صورتحساب", "موضوع", "فاکتور ابطال‌شده",
	"نام", "نام خانوادگی", "کد ملی", "موبایل", "نوع ردیف", "شرح کالا", "وزن (گرم)", "عیار", "ارزش طلا (ریال)",
	"اجرت ساخت (ریال)", "سود فروشنده (ریال)", "حق‌العمل (ریال)", "جمع اجرت، سود و حق‌العمل (ریال)",
	"نرخ مالیات بر ارزش افزوده (درصد)", "مالیات بر ارزش افزوده (ریال)", "سنگ و ملحقات (ریال)", "تخفیف (ریال)",
	"مبلغ کل (ریال)"}

func TestTheInvoicesExportGivesEveryLineAsTheTaxOfficeReadsIt(t *testing.T) {
	s := newInvoicesShop(t)
	f := s.export(s.owner, "invoices", "2026-03-21", "2026-03-21")
	if strings.Join(f.header, "|") != strings.Join(invoicesHeader, "|") {
		t.Fatalf("header %q", f.header)
	}
	col := map[string]int{}
	for i, h := range f.header {
		col[h] = i
	}
	cell := func(row []string, name string) string { return row[col[name]] }
	rial := func(row []string, name string) int64 {
		n, err := strconv.ParseInt(cell(row, name), 10, 64)
		if err != nil {
			t.Fatalf("%s is not rial: %q", name, row)
		}
		return n
	}
	var got []string
	for i, row := range f.rows {
		// every row fills every column but the cancelled invoice's number and the buyer's
		for j, name := range invoicesHeader {
			if (j < 6 || j > 10) && row[j] == "" {
				t.Errorf("row %d has no %s: %q", i, name, row)
			}
		}
		if (cell(row, "موضوع") == "ابطالی") != (cell(row, "فاکتور ابطال‌شده") != "") {
			t.Errorf("row %d: a cancel names what it cancels, an original nothing: %q", i, row)
		}
		if (cell(row, "نوع صورتحساب") == "1") != (cell(row, "نام") != "" && cell(row, "کد ملی") != "") {
			t.Errorf("row %d: the buyer is named on type 1 only: %q", i, row)
		}
		charges := rial(row, "اجرت ساخت (ریال)") + rial(row, "سود فروشنده (ریال)") + rial(row, "حق‌العمل (ریال)")
		if charges != rial(row, "جمع اجرت، سود و حق‌العمل (ریال)") || rial(row, "ارزش طلا (ریال)")+charges+
			rial(row, "مالیات بر ارزش افزوده (ریال)")+rial(row, "سنگ و ملحقات (ریال)")-rial(row, "تخفیف (ریال)") !=
			rial(row, "مبلغ کل (ریال)") {
			t.Errorf("row %d does not add up: %q", i, row)
		}
		if cell(row, "تاریخ") != "1405/01/01" || !strings.HasPrefix(cell(row, "ساعت"), "10:") {
			t.Errorf("row %d at %s %s", i, cell(row, "تاریخ"), cell(row, "ساعت"))
		}
		got = append(got, cell(row, "سری")+" "+cell(row, "موضوع")+" "+cell(row, "نوع صورتحساب")+" "+cell(row, "نوع ردیف"))
	}
	want := []string{"پیشخوان اصلی 1 فروش", "اینترنتی اصلی 1 فروش", "پیشخوان اصلی 2 فروش",
		"پیشخوان اصلی 2 خرید از مشتری", "پیشخوان ابطالی 2 فروش", "پیشخوان ابطالی 2 خرید از مشتری"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("rows\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	ring, web, cancel := f.rows[0], f.rows[1], f.rows[4]
	if cell(ring, "شماره فاکتور") != s.ring || cell(ring, "شرح کالا") != "انگشتر" || cell(ring, "عیار") != "750.00" ||
		cell(ring, "وزن (گرم)") != "4.250" || cell(ring, "نرخ مالیات بر ارزش افزوده (درصد)") != "10.00" ||
		cell(ring, "اجرت ساخت (ریال)") != "76500000" || cell(ring, "کد ملی") != s.nationalIDOf(s.customer) {
		t.Errorf("the ring %q", ring)
	}
	if !strings.HasPrefix(cell(web, "شماره فاکتور"), "W-") || cell(web, "شرح کالا") != descWebGold750 ||
		cell(web, "وزن (گرم)") != "1.000" || cell(web, "عیار") != "750.00" || cell(web, "نرخ مالیات بر ارزش افزوده (درصد)") != "0.00" ||
		cell(web, "ارزش طلا (ریال)") != cell(web, "مبلغ کل (ریال)") || cell(web, "موبایل") != s.customer.phone {
		t.Errorf("the web buy %q", web)
	}
	if cell(cancel, "شماره فاکتور") != s.bar || cell(cancel, "فاکتور ابطال‌شده") != s.bar || cell(cancel, "نام") != "" {
		t.Errorf("the cancel %q", cancel)
	}

	// The JSON is the same lines, in the same order, under English keys.
	r := s.do("GET", "/api/admin/exports/invoices.json?from=2026-03-21&to=2026-03-21", s.owner, nil)
	disposition, params, err := mime.ParseMediaType(r.Header.Get("Content-Disposition"))
	if r.Status != 200 || err != nil || disposition != "attachment" || params["filename"] != "goldshop-invoices-2026-03-21-2026-03-21.json" ||
		!strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("invoices.json: %d %v %s", r.Status, r.Header, r.Body)
	}
	var file struct {
		From, To string
		Lines    []map[string]any
	}
	dec := json.NewDecoder(strings.NewReader(r.Body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&file); err != nil || file.From != "2026-03-21" || file.To != "2026-03-21" {
		t.Fatalf("not the file (%v): %s", err, r.Body)
	}
	if len(file.Lines) != len(f.rows) {
		t.Fatalf("%d lines in the JSON, %d rows in the CSV", len(file.Lines), len(f.rows))
	}
	keys := []string{"number", "date", "time", "series", "invoice_type", "subject", "cancels", "buyer_first_name",
		"buyer_last_name", "buyer_national_id", "buyer_phone", "side", "description", "weight", "purity", "gold_value",
		"wage", "profit", "commission", "charges", "vat_percent", "vat", "extras", "discount", "total"}
	for i, l := range file.Lines {
		if len(l) != len(keys) {
			t.Errorf("line %d has %d keys, want %d: %v", i, len(l), len(keys), l)
		}
		for j, k := range keys {
			v, ok := l[k]
			if !ok {
				t.Errorf("line %d has no %s", i, k)
				continue
			}
			if n, isNumber := v.(float64); isNumber {
				v = strconv.FormatFloat(n, 'f', 0, 64)
			}
			// the CSV's words are Persian; the JSON's the codes
			if csv := f.rows[i][j]; j != 3 && j != 5 && j != 11 && fmt.Sprint(v) != csv {
				t.Errorf("line %d %s = %v, the CSV has %q", i, k, v, csv)
			}
		}
	}
	if file.Lines[1]["series"] != "web" || file.Lines[4]["subject"] != "cancel" || file.Lines[3]["side"] != "buy_back" {
		t.Errorf("codes %v", file.Lines)
	}
	p := s.audit(s.owner, "kind=export")
	if len(p.Items) != 2 || string(p.Items[0].After) != `{"export":"invoices","from":"2026-03-21","to":"2026-03-21"}` ||
		string(p.Items[1].After) != string(p.Items[0].After) {
		t.Fatalf("audit: %+v", p.Items)
	}
}

func TestTheInvoicesExportIsTheOwnersAndRefusesBadDays(t *testing.T) {
	s := newTestShop(t)
	owner := s.newOwner()
	customer := s.newCustomer().token
	staff := s.signInStaff("09350000002")
	noFile := []string{"\uFEFF", "شماره فاکتور", `"lines"`}
	var cases []scenario
	for _, ext := range []string{"csv", "json"} {
		path := "/api/admin/exports/invoices." + ext
		cases = append(cases,
			scenario{name: ext + " refuses staff", method: "GET", path: path + "?from=2026-03-21&to=2026-03-22", token: staff,
				wantStatus: 403, wantContains: msgOwnerOnly, wantAbsent: noFile},
			scenario{name: ext + " refuses a customer", method: "GET", path: path + "?from=2026-03-21&to=2026-03-22",
				token: customer, wantStatus: 403, wantContains: msgAdminOnly, wantAbsent: noFile},
			scenario{name: ext + " refuses a malformed day", method: "GET", path: path + "?from=2026-3-21&to=2026-03-22",
				token: owner, wantStatus: 400, wantContains: msgExportDateInvalid, wantAbsent: noFile},
			scenario{name: ext + " refuses a range without its end", method: "GET", path: path + "?from=2026-03-21",
				token: owner, wantStatus: 400, wantContains: msgExportDatesRequired, wantAbsent: noFile},
			scenario{name: ext + " refuses a start after the end", method: "GET", path: path + "?from=2026-03-23&to=2026-03-22",
				token: owner, wantStatus: 400, wantContains: msgDateRange, wantAbsent: noFile},
			scenario{name: ext + " gives an empty range as an empty file", method: "GET", path: path + "?from=2026-03-21&to=2026-03-22",
				token: owner, wantStatus: 200, wantContains: map[string]string{"csv": "\uFEFFشماره فاکتور,تاریخ",
					"json": `{"from":"2026-03-21","to":"2026-03-22","lines":[]}`}[ext]},
		)
	}
	s.run(t, cases)
	if p := s.audit(owner, "kind=export"); len(p.Items) != 2 {
		t.Fatalf("%d exports audited, want the two that were sent", len(p.Items))
	}
}
