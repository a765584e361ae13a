package app

import (
	"net/http"
	"time"

	"goldshop/rules"
	"goldshop/store"
)

// statementRangeMaxDays is the longest printed statement: a year, leap day included.
const statementRangeMaxDays = 366

type totalsView struct {
	Rial string `json:"rial"`
	Gold string `json:"gold"`
}

// statementRangeView is the printed statement: the period, the balances at both ends and every row.
type statementRangeView struct {
	From         string             `json:"from"`
	To           string             `json:"to"`
	Opening      totalsView         `json:"opening"`
	Closing      totalsView         `json:"closing"`
	Transactions []statementRowView `json:"transactions"`
}

func viewTotals(t store.Totals) totalsView {
	return totalsView{rules.FormatRial(t.Rial), rules.FormatGold(t.Gold)}
}

// transactionsStatement answers GET /api/transactions/statement?from=&to=: the caller's own statement for
// Tehran days from..to, oldest first, for printing.
func (a *App) transactionsStatement(w http.ResponseWriter, r *http.Request) error {
	first, last, err := tehranDays(r.URL.Query())
	if err != nil {
		return err
	}
	end := last.AddDate(0, 0, 1)
	if end.After(first.AddDate(0, 0, statementRangeMaxDays)) {
		return badRequest(msgStatementRangeLong)
	}
	st, err := a.store.StatementBetween(r.Context(), caller(r).User.ID, first, end)
	if err != nil {
		return err
	}
	if st.Truncated {
		return badRequest(msgStatementTooLong)
	}
	return okJSON(w, statementRangeView{From: first.Format(time.DateOnly), To: last.Format(time.DateOnly),
		Opening: viewTotals(st.Opening), Closing: viewTotals(st.Closing), Transactions: viewStatementRows(st.Entries)})
}
