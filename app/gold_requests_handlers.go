package app

import (
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

type goldRequestView struct {
	ID           int64      `json:"id"`
	UserID       int64      `json:"user_id"`
	FirstName    string     `json:"first_name"`
	LastName     string     `json:"last_name"`
	PhoneNumber  string     `json:"phone_number"`
	BarID        int64      `json:"bar_id"`
	Rey          string     `json:"rey"`
	Ang          string     `json:"ang"`
	Ayar         string     `json:"ayar"`
	Vazn         string     `json:"vazn"`
	Vazn750      string     `json:"vazn750"`
	Status       string     `json:"status"`
	RejectReason string     `json:"reject_reason"`
	CreatedAt    time.Time  `json:"created_at"`
	DecidedAt    *time.Time `json:"decided_at"`
}

func viewGoldRequest(g store.GoldRequest) goldRequestView {
	v := goldRequestView{ID: g.ID, UserID: g.UserID, FirstName: g.FirstName, LastName: g.LastName,
		PhoneNumber: g.PhoneNumber, BarID: g.BarID, Rey: g.Rey, Ang: g.Ang, Ayar: rules.FormatAyar(g.AyarCenti),
		Vazn: rules.FormatGold(g.VaznMg), Vazn750: rules.FormatGold(g.Vazn750Mg), Status: g.Status,
		RejectReason: g.RejectReason, CreatedAt: g.CreatedAt}
	if g.Status == store.StatusRejected && g.RejectReason == "" {
		v.RejectReason = msgDefaultRejectGold // the admin gave no reason; the store keeps only typed text
	}
	if !g.DecidedAt.IsZero() {
		v.DecidedAt = &g.DecidedAt
	}
	return v
}

func viewGoldRequests(list []store.GoldRequest) []goldRequestView {
	out := make([]goldRequestView, len(list))
	for i, g := range list {
		out[i] = viewGoldRequest(g)
	}
	return out
}

// goldRequestBody names a bar by id, or by lab and ingot as customer.md's form sends it; any weights sent
// along are ignored, because the server trusts only the bar's own figures.
type goldRequestBody struct {
	BarID numberText `json:"bar_id"`
	Rey   string     `json:"rey"`
	Ang   string     `json:"ang"`
}

// goldRequest reserves a bar for the caller and holds its vazn750 from their available gold.
func (a *App) goldRequest(w http.ResponseWriter, r *http.Request) error {
	var req goldRequestBody
	if err := decode(w, r, &req); err != nil {
		return err
	}
	var barID int64
	switch {
	case req.BarID != "":
		id, ok := rules.ParseRial(string(req.BarID))
		if !ok || id <= 0 {
			return notFound(msgBarNotFound)
		}
		barID = id
	case strings.TrimSpace(req.Rey) != "" && strings.TrimSpace(req.Ang) != "":
		b, err := a.store.BarByIngot(r.Context(), strings.Join(strings.Fields(iran.Name(req.Rey)), " "),
			iran.LatinDigits(strings.TrimSpace(req.Ang)))
		if errors.Is(err, store.ErrNotFound) {
			return notFound(msgBarNotFound)
		}
		if err != nil {
			return err
		}
		barID = b.ID
	default:
		return badRequest(msgBarRequired)
	}
	g, err := a.store.CreateGoldRequest(r.Context(), store.GoldRequestInput{UserID: caller(r).User.ID, BarID: barID}, a.now())
	if errors.Is(err, store.ErrNotFound) {
		return notFound(msgBarNotFound)
	}
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"message": msgGoldRequestCreated, "request": viewGoldRequest(g)})
}

// goldUserRequests lists the caller's own requests.
func (a *App) goldUserRequests(w http.ResponseWriter, r *http.Request) error {
	list, err := a.store.GoldRequestsOfUser(r.Context(), caller(r).User.ID)
	if err != nil {
		return err
	}
	return okJSON(w, viewGoldRequests(list))
}

// goldCancel lets the owner take back a pending request; anyone else's id is 404.
func (a *App) goldCancel(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgGoldRequestGone)
	if err != nil {
		return err
	}
	err = a.store.CancelGoldRequest(r.Context(), caller(r).User.ID, id, a.now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return notFound(msgGoldRequestGone)
	case errors.Is(err, store.ErrConflict):
		return conflict(msgGoldCancelPending)
	case err != nil:
		return err
	}
	return okJSON(w, map[string]any{"message": msgRequestCanceled})
}

// goldAdminRequests is the review desk's filtered list.
func (a *App) goldAdminRequests(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	status, ok := oneOf(q.Get("status"), store.StatusPending, store.StatusApproved, store.StatusReady,
		store.StatusDelivered, store.StatusRejected, store.StatusCanceled)
	if !ok {
		return badRequest(msgFilterInvalid)
	}
	from, to, err := listPeriod(q)
	if err != nil {
		return err
	}
	list, err := a.store.GoldRequests(r.Context(), store.GoldRequestFilter{UserSearch: adminSearchText(q.Get("userSearch")),
		Status: status, From: from, To: to})
	if err != nil {
		return err
	}
	return okJSON(w, viewGoldRequests(list))
}

// goldDecisionMessages are the admin's toasts per new status.
var goldDecisionMessages = map[string]string{
	store.StatusApproved:  msgGoldApproved,
	store.StatusReady:     msgGoldReady,
	store.StatusDelivered: msgGoldDelivered,
	store.StatusRejected:  msgGoldRejected,
}

// goldStatuses are every status a gold request can have; a target outside goldDecisionMessages is still one
// of these, and asking for it is a refused transition (409), not bad input.
var goldStatuses = []string{store.StatusPending, store.StatusApproved, store.StatusReady, store.StatusDelivered,
	store.StatusRejected, store.StatusCanceled}

// goldDecide moves a request along decisions.md §6; an empty reject reason is stored empty and shown as the
// default text (viewGoldRequest, entryText).
func (a *App) goldDecide(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgGoldRequestGone)
	if err != nil {
		return err
	}
	var req decisionRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	to := strings.TrimSpace(req.Status)
	msg := goldDecisionMessages[to]
	if !slices.Contains(goldStatuses, to) {
		return badRequest(msgGoldStatus)
	}
	reason := strings.TrimSpace(req.RejectReason)
	if utf8.RuneCountInString(reason) > 500 {
		return badRequest(msgRejectReasonLong)
	}
	if !plainText(reason) {
		return badRequest(msgTextNotPlain)
	}
	_, err = a.store.DecideGoldRequest(r.Context(), store.GoldDecision{AdminID: caller(r).User.ID, RequestID: id, To: to,
		Reason: reason}, a.now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return notFound(msgGoldRequestGone)
	case errors.Is(err, store.ErrConflict):
		return conflict(msgGoldTransition)
	case err != nil:
		return err
	}
	return okJSON(w, map[string]any{"message": msg})
}
