package app

import (
	"net/http"
	"time"
)

type smsProblemView struct {
	ID        int64     `json:"id"`
	Kind      string    `json:"kind"`
	Status    string    `json:"status"`
	Attempts  int       `json:"attempts"`
	LastError string    `json:"last_error"`
	CreatedAt time.Time `json:"created_at"`
}

// smsOutboxProblems is how many of the latest problems the owner's view lists.
const smsOutboxProblems = 50

// adminSMSOutbox answers GET /api/admin/sms-outbox (owner): the notices by status and the latest problems, so
// a gateway in trouble is seen.
func (a *App) adminSMSOutbox(w http.ResponseWriter, r *http.Request) error {
	counts, problems, err := a.store.SMSOutbox(r.Context(), smsOutboxProblems)
	if err != nil {
		return err
	}
	out := make([]smsProblemView, len(problems))
	for i, p := range problems {
		out[i] = smsProblemView(p)
	}
	return okJSON(w, map[string]any{"counts": counts, "problems": out})
}
