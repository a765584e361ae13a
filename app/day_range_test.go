package app

import (
	"strings"
	"testing"
	"time"

	"goldshop/iran"
)

// One period convention: the lists, the exports, the printed statement and the audit read `from` and `to`
// as Tehran days, Gregorian or Jalali alike, with the last day in whole; the lists keep startDate/endDate.
func TestOnePeriodConventionAcrossListsReportsAndTheAudit(t *testing.T) {
	s := newTestShop(t)
	user, _ := s.signUp(1)
	owner := s.newOwner()
	s.deposit(user, "100")
	s.setPrice(owner, 50_000_000) // audited today
	now := s.clock.Now()
	day := func(d int) string { return now.AddDate(0, 0, d).In(iran.Tehran).Format(time.DateOnly) }
	jday := func(d int) string { return jalaliDay(now.AddDate(0, 0, d)) }
	list := "/api/wallet/requests/admin?"
	s.run(t, []scenario{
		{name: "a list reads Gregorian days", method: "GET", path: list + "from=" + day(0) + "&to=" + day(0), token: owner, wantStatus: 200, wantContains: `"amount":"100"`},
		{name: "a list reads Jalali days", method: "GET", path: list + "from=" + jday(0) + "&to=" + jday(0), token: owner, wantStatus: 200, wantContains: `"amount":"100"`},
		{name: "the last day is in whole", method: "GET", path: list + "to=" + jday(0), token: owner, wantStatus: 200, wantContains: `"amount":"100"`},
		{name: "a period that ended yesterday leaves today out", method: "GET", path: list + "to=" + day(-1), token: owner, wantStatus: 200, wantAbsent: []string{`"amount":`}},
		{name: "a period from tomorrow leaves today out", method: "GET", path: list + "from=" + jday(1), token: owner, wantStatus: 200, wantAbsent: []string{`"amount":`}},
		{name: "the spec's startDate and endDate still work", method: "GET", path: list + "startDate=" + day(0) + "T00:00:00&endDate=" + day(0) + "T23:59:59", token: owner, wantStatus: 200, wantContains: `"amount":"100"`},
		{name: "a list refuses a Jalali day written with dashes", method: "GET", path: list + "from=1405-01-01", token: owner, wantStatus: 400, wantContains: msgDateInvalid},
		{name: "a list refuses a period ending before it starts", method: "GET", path: list + "from=" + jday(0) + "&to=" + day(-1), token: owner, wantStatus: 400, wantContains: msgDateRange},
		{name: "an export reads Jalali days", method: "GET", path: "/api/admin/exports/wallet-requests.csv?from=" + jday(0) + "&to=" + jday(0), token: owner, wantStatus: 200, wantContains: "100"},
		{name: "the statement reads Jalali days", method: "GET", path: "/api/transactions/statement?from=" + jday(-1) + "&to=" + jday(0), token: user, wantStatus: 200, wantContains: `"from":"` + day(-1) + `","to":"` + day(0) + `"`},
		{name: "the audit refuses a period ending before it starts", method: "GET", path: "/api/admin/audit?from=" + day(0) + "&to=" + day(-1), token: owner, wantStatus: 400, wantContains: msgDateRange},
	})
	jalali, gregorian := s.audit(owner, "from="+jday(0)+"&to="+jday(0)), s.audit(owner, "from="+day(0)+"&to="+day(0))
	kinds := func(p auditPage) (k []string) {
		for _, it := range p.Items {
			k = append(k, it.Kind)
		}
		return k
	}
	if len(jalali.Items) == 0 || strings.Join(kinds(gregorian), " ") != strings.Join(kinds(jalali), " ") || !strings.Contains(strings.Join(kinds(gregorian), " "), "price.set") {
		t.Fatalf("the audit of today: %d items by Jalali days, %d by Gregorian", len(jalali.Items), len(gregorian.Items))
	}
	if before := s.audit(owner, "to="+day(-1)); len(before.Items) >= len(gregorian.Items) {
		t.Fatalf("the audit up to yesterday holds %d items, today alone %d", len(before.Items), len(gregorian.Items))
	}
}
