package app

import (
	"context"
	"strconv"
	"time"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

// export is one of the owner's CSV exports: its Persian header row and the rows of a time range, handed to
// write one at a time as the store reads them.
type export struct {
	header []string
	rows   func(ctx context.Context, st *store.Store, from, to time.Time, write func([]string) error) error
}

// exportNamed is the export a URL names ("trades" for /exports/trades.csv).
func exportNamed(name string) (export, bool) {
	switch name {
	case "trades":
		return export{[]string{colID, colTime, colType, colFirstName, colLastName, colPhone, colNationalID,
			colWeightGram, colAmountRial, colPricePerGram}, tradeRows}, true
	case "wallet-requests":
		return export{[]string{colID, colCreated, colType, colFirstName, colLastName, colPhone, colAmountRial,
			colStatus, colBank, colCard, colIBAN, colDecided, colRejectReason}, walletRequestRows}, true
	case "gold-requests":
		return export{[]string{colID, colCreated, colFirstName, colLastName, colPhone, colLab, colIngot, colAyar,
			colWeightGram, colWeight750, colStatus, colDecided, colRejectReason}, goldRequestRows}, true
	case "customers":
		return export{[]string{colID, colRegistered, colFirstName, colLastName, colPhone, colNationalID,
			colGrade}, customerRows}, true
	case "invoices":
		return invoicesExport(), true // the tax office's (exports_invoices.go)
	}
	return export{}, false
}

func tradeRows(ctx context.Context, st *store.Store, from, to time.Time, write func([]string) error) error {
	return st.EachTrade(ctx, from, to, func(t store.TradeRow) error {
		return write([]string{exportID(t.ID), jalaliMinute(t.CreatedAt), exportWord(t.Type), t.FirstName, t.LastName,
			t.PhoneNumber, t.NationalID, rules.FormatGold(t.AmountGoldMg), rules.FormatRial(t.AmountRial),
			rules.FormatRial(t.PricePerGramRial)})
	})
}

func walletRequestRows(ctx context.Context, st *store.Store, from, to time.Time, write func([]string) error) error {
	return st.EachWalletRequest(ctx, from, to, func(r store.WalletRequestRow) error {
		return write([]string{exportID(r.ID), jalaliMinute(r.CreatedAt), exportWord(r.Type), r.FirstName, r.LastName,
			r.PhoneNumber, rules.FormatRial(r.AmountRial), exportWord(r.Status), r.BankName, r.CardNumber, r.IBAN,
			jalaliMinute(r.DecidedAt), r.RejectReason})
	})
}

func goldRequestRows(ctx context.Context, st *store.Store, from, to time.Time, write func([]string) error) error {
	return st.EachGoldRequest(ctx, from, to, func(g store.GoldRequest) error {
		return write([]string{exportID(g.ID), jalaliMinute(g.CreatedAt), g.FirstName, g.LastName, g.PhoneNumber, g.Rey,
			g.Ang, rules.FormatAyar(g.AyarCenti), rules.FormatGold(g.VaznMg), rules.FormatGold(g.Vazn750Mg),
			exportWord(g.Status), jalaliMinute(g.DecidedAt), g.RejectReason})
	})
}

func customerRows(ctx context.Context, st *store.Store, from, to time.Time, write func([]string) error) error {
	return st.EachCustomer(ctx, from, to, func(u store.User) error {
		return write([]string{exportID(u.ID), jalaliMinute(u.CreatedAt), u.FirstName, u.LastName, u.PhoneNumber,
			u.NationalID, strconv.Itoa(u.Grade)})
	})
}

func exportID(n int64) string { return strconv.FormatInt(n, 10) }

// exportWord is the Persian of a trade's side, a wallet request's type or a request's status. A value the shop
// does not know yet goes out as it is stored rather than as an empty cell.
func exportWord(v string) string {
	switch v {
	case store.EntryBuy:
		return wordBuy
	case store.EntrySell:
		return wordSell
	case "deposit":
		return wordDeposit
	case "withdraw":
		return wordWithdraw
	case store.StatusPending:
		return wordPending
	case store.StatusApproved:
		return wordApproved
	case store.StatusReady:
		return wordReady
	case store.StatusDelivered:
		return wordDelivered
	case store.StatusRejected:
		return wordRejected
	case store.StatusCanceled:
		return wordCanceled
	}
	return v
}

// jalaliMinute writes t as the Jalali date and Tehran time to the minute, "1405/08/30 14:05", with Latin
// digits so a spreadsheet can sort and filter on it; the zero time (not decided yet) is an empty cell.
func jalaliMinute(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return iran.JalaliDayText(t) + " " + t.In(iran.Tehran).Format("15:04")
}
