package app

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

// dayError turns the drawer's store errors into their messages.
func dayError(err error) error {
	var early *store.EarlierDayOpenError
	switch {
	case errors.As(err, &early):
		return conflict(fmt.Sprintf(msgDayEarlierOpen, iran.JalaliDayText(mustDay(early.Day))))
	case errors.Is(err, store.ErrDayClosed):
		return conflict(msgDayClosed)
	case errors.Is(err, store.ErrDayNotYet):
		return conflict(msgDayNotYet)
	case errors.Is(err, store.ErrDayNotClosed):
		return conflict(msgDayNotClosed)
	case errors.Is(err, store.ErrDayLaterClosed):
		return conflict(msgDayLaterClosed)
	case errors.Is(err, store.ErrDrawerShort):
		return conflict(msgDrawerShort)
	}
	return err
}

// mustDay is the Tehran midnight of a day the store wrote (YYYY-MM-DD).
func mustDay(day string) time.Time {
	t, _ := iran.GregorianDay(day)
	return t
}

type drawerCloseView struct {
	CountedCash int64     `json:"counted_cash"`
	Difference  int64     `json:"difference"`
	By          string    `json:"by"`
	At          time.Time `json:"at"`
	Note        string    `json:"note"`
}

type drawerMoveView struct {
	ID          int64     `json:"id"`
	Direction   string    `json:"direction"`
	Counterpart string    `json:"counterpart"`
	Amount      int64     `json:"amount"`
	Reason      string    `json:"reason"`
	By          string    `json:"by"`
	At          time.Time `json:"at"`
}

type drawerDayView struct {
	Date         string           `json:"date"`
	JalaliDate   string           `json:"jalali_date"`
	OpeningCash  int64            `json:"opening_cash"`
	CashIn       int64            `json:"cash_in"`
	CashOut      int64            `json:"cash_out"`
	Card         int64            `json:"card"`
	Transfer     int64            `json:"transfer"`
	WalletIn     int64            `json:"wallet_in"`
	WalletOut    int64            `json:"wallet_out"`
	GoldIn750    string           `json:"gold_in750"`
	GoldOut750   string           `json:"gold_out750"`
	Invoices     int64            `json:"invoices"`
	Voids        int64            `json:"voids"`
	VAT          int64            `json:"vat"`
	DrawerIn     int64            `json:"drawer_in"`
	DrawerOut    int64            `json:"drawer_out"`
	Moves        []drawerMoveView `json:"moves"`
	ExpectedCash int64            `json:"expected_cash"`
	Closed       *drawerCloseView `json:"closed"`
}

func viewDrawerDay(d store.DrawerDay) drawerDayView {
	v := drawerDayView{Date: d.Day, JalaliDate: iran.JalaliDayText(d.Start), OpeningCash: d.OpeningCash,
		CashIn: d.CashIn, CashOut: d.CashOut, Card: d.Card, Transfer: d.Transfer, WalletIn: d.WalletIn,
		WalletOut: d.WalletOut, GoldIn750: rules.FormatGold(d.GoldIn750), GoldOut750: rules.FormatGold(d.GoldOut750),
		Invoices: d.Invoices, Voids: d.Voids, VAT: d.VAT, DrawerIn: d.DrawerIn, DrawerOut: d.DrawerOut,
		Moves: make([]drawerMoveView, len(d.Moves)), ExpectedCash: d.ExpectedCash()}
	for i, m := range d.Moves {
		v.Moves[i] = drawerMoveView{ID: m.ID, Direction: m.Direction, Counterpart: m.Counterpart, Amount: m.AmountRial,
			Reason: m.Reason, By: m.AdminName, At: m.CreatedAt}
	}
	if c := d.Close; c != nil {
		v.Closed = &drawerCloseView{CountedCash: c.CountedCash, Difference: c.Difference, By: c.ClosedByName,
			At: c.ClosedAt, Note: c.Note}
		v.ExpectedCash = c.ExpectedCash
	}
	return v
}

// pathDay reads {date}, a Tehran day written YYYY-MM-DD (Persian digits too).
func pathDay(r *http.Request) (time.Time, error) {
	raw := chi.URLParam(r, "date")
	if len(iran.LatinDigits(raw)) != len(time.DateOnly) {
		return time.Time{}, badRequest(msgDayBad)
	}
	day, err := iran.GregorianDay(raw)
	if err != nil {
		return day, badRequest(msgDayBad)
	}
	return day, nil
}

// counterDay is GET /api/admin/counter/days/{date}: the drawer's day at the counter.
func (a *App) counterDay(w http.ResponseWriter, r *http.Request) error {
	day, err := pathDay(r)
	if err != nil {
		return err
	}
	d, err := a.store.Drawer(r.Context(), day)
	if err != nil {
		return err
	}
	return okJSON(w, viewDrawerDay(d))
}

// counterDays is GET /api/admin/counter/days: the days the drawer moved that are not closed, oldest first.
func (a *App) counterDays(w http.ResponseWriter, r *http.Request) error {
	days, err := a.store.UnclosedDays(r.Context())
	if err != nil {
		return err
	}
	out := make([]map[string]string, len(days))
	for i, d := range days {
		out[i] = map[string]string{"date": d, "jalali_date": iran.JalaliDayText(mustDay(d))}
	}
	return okJSON(w, map[string]any{"unclosed": out, "today": a.now().In(iran.Tehran).Format(time.DateOnly)})
}

// reasonText is a typed reason folded to one line, required and at most 500 letters.
func reasonText(raw string, required bool, msg string) (string, error) {
	s := oneLine(raw)
	if !plainText(s) {
		return "", badRequest(msgTextNotPlain)
	}
	if (required && s == "") || utf8.RuneCountInString(s) > 500 {
		return "", badRequest(msg)
	}
	return s, nil
}

// counterDayClose is POST /api/admin/counter/days/{date}/close {counted_cash, note?}: staff or the owner.
func (a *App) counterDayClose(w http.ResponseWriter, r *http.Request) error {
	day, err := pathDay(r)
	if err != nil {
		return err
	}
	var req struct {
		CountedCash *numberText `json:"counted_cash"`
		Note        string      `json:"note"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	counted, ok := rules.ParseRial(string(derefNumber(req.CountedCash)))
	if req.CountedCash == nil || !ok || counted < 0 || counted > rules.MaxAmountRial {
		return badRequest(msgDayCounted)
	}
	note, err := reasonText(req.Note, false, msgVaultNote)
	if err != nil {
		return err
	}
	d, err := a.store.CloseDay(r.Context(), caller(r).User.ID, day, counted, note, a.now())
	if err != nil {
		return dayError(err)
	}
	return okJSON(w, map[string]any{"message": msgDayClosedOK, "day": viewDrawerDay(d)})
}

// counterDayReopen is POST /api/admin/counter/days/{date}/reopen {reason}: the owner's, audited.
func (a *App) counterDayReopen(w http.ResponseWriter, r *http.Request) error {
	day, err := pathDay(r)
	if err != nil {
		return err
	}
	var req struct {
		Reason string `json:"reason"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	reason, err := reasonText(req.Reason, true, msgReopenReason)
	if err != nil {
		return err
	}
	d, err := a.store.ReopenDay(r.Context(), caller(r).User.ID, day, reason, a.now())
	if err != nil {
		return dayError(err)
	}
	return okJSON(w, map[string]any{"message": msgDayReopened, "day": viewDrawerDay(d)})
}

// counterDrawerMove is POST /api/admin/counter/drawer {direction: in|out, counterpart: bank|owner, amount,
// reason}: the owner's cash taken from today's drawer or put in it.
func (a *App) counterDrawerMove(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Direction   string      `json:"direction"`
		Counterpart string      `json:"counterpart"`
		Amount      *numberText `json:"amount"`
		Reason      string      `json:"reason"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	dir, other := strings.TrimSpace(req.Direction), strings.TrimSpace(req.Counterpart)
	if (dir != store.DrawerIn && dir != store.DrawerOut) || (other != store.DrawerBank && other != store.DrawerOwner) {
		return badRequest(msgDrawerDirection)
	}
	amount, ok := rules.ParseRial(string(derefNumber(req.Amount)))
	if !ok || amount <= 0 || amount > rules.MaxAmountRial {
		return badRequest(msgDrawerAmount)
	}
	reason, err := reasonText(req.Reason, true, msgDrawerReason)
	if err != nil {
		return err
	}
	_, d, err := a.store.MoveDrawerCash(r.Context(), caller(r).User.ID, dir, other, amount, reason, a.now())
	if err != nil {
		return dayError(err)
	}
	return okJSON(w, map[string]any{"message": msgDrawerMoved, "day": viewDrawerDay(d)})
}
