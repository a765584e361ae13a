package app

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

// The customer's savings plans (issue 29): GET/POST /api/plans, PUT/DELETE /api/plans/{id}. Making a plan or
// changing its terms is confirmed by a texted code bound to those terms; pausing, resuming and deleting are
// not (they buy nothing new).

type planRequest struct {
	AmountRial numberText `json:"amount_rial"`
	Every      string     `json:"every"`
	Weekday    *int       `json:"weekday"`
	Day        *int       `json:"day"`
	Time       string     `json:"time"`
	Status     string     `json:"status"` // PUT: "active" or "paused"
	Code       string     `json:"verification_code"`
}

type planView struct {
	ID         int64       `json:"id"`
	AmountRial string      `json:"amount_rial"`
	Every      string      `json:"every"`
	Weekday    *int        `json:"weekday"`
	Day        *int        `json:"day"`
	Time       string      `json:"time"`
	Status     string      `json:"status"`
	NextRunAt  *time.Time  `json:"next_run_at"` // null while paused
	SpentRial  string      `json:"spent_rial"`
	BoughtGold string      `json:"bought_gold"`
	CreatedAt  time.Time   `json:"created_at"`
	History    []planRunAt `json:"history,omitempty"`
}

type planRunAt struct {
	DueAt      time.Time `json:"due_at"`
	At         time.Time `json:"at"`
	Status     string    `json:"status"` // "bought" or "skipped"
	Reason     string    `json:"reason"`
	AmountRial string    `json:"amount_rial"`
	AmountGold string    `json:"amount_gold"`
}

func (a *App) viewPlan(p store.Plan) planView {
	v := planView{ID: p.ID, AmountRial: rules.FormatRial(p.AmountRial), Every: p.Every, Time: rules.ClockText(p.Minute),
		Status: p.Status, SpentRial: rules.FormatRial(p.SpentRial), BoughtGold: rules.FormatGold(p.BoughtMg),
		CreatedAt: p.CreatedAt}
	switch p.Every {
	case store.PlanWeekly:
		v.Weekday = &p.Weekday
	case store.PlanMonthly:
		v.Day = &p.Day
	}
	if p.Status == store.PlanActive {
		if next, ok := p.NextDue(a.now()); ok {
			at := next.At.UTC()
			v.NextRunAt = &at
		}
	}
	return v
}

// plansList answers GET /api/plans: the caller's plans, each with its next run and totals.
func (a *App) plansList(w http.ResponseWriter, r *http.Request) error {
	plans, err := a.store.Plans(r.Context(), caller(r).User.ID)
	if err != nil {
		return err
	}
	out := make([]planView, 0, len(plans))
	for _, p := range plans {
		out = append(out, a.viewPlan(p))
	}
	return okJSON(w, map[string]any{"plans": out})
}

// planGet answers GET /api/plans/{id}: one of the caller's plans with its history (the last 50 runs).
func (a *App) planGet(w http.ResponseWriter, r *http.Request) error {
	p, err := a.ownPlan(r)
	if err != nil {
		return err
	}
	runs, err := a.store.PlanRuns(r.Context(), p.ID, 50)
	if err != nil {
		return err
	}
	v := a.viewPlan(p)
	v.History = make([]planRunAt, 0, len(runs))
	for _, run := range runs {
		status := "skipped"
		if run.Bought {
			status = "bought"
		}
		v.History = append(v.History, planRunAt{DueAt: run.DueAt, At: run.At, Status: status, Reason: run.Reason,
			AmountRial: rules.FormatRial(run.AmountRial), AmountGold: rules.FormatGold(run.AmountGoldMg)})
	}
	return okJSON(w, map[string]any{"plan": v})
}

// ownPlan is the caller's plan named by {id}; 404 for another's or a deleted one.
func (a *App) ownPlan(r *http.Request) (store.Plan, error) {
	id, err := pathID(r, "id", msgPlanNotFound)
	if err != nil {
		return store.Plan{}, err
	}
	plans, err := a.store.Plans(r.Context(), caller(r).User.ID)
	if err != nil {
		return store.Plan{}, err
	}
	for _, p := range plans {
		if p.ID == id {
			return p, nil
		}
	}
	return store.Plan{}, notFound(msgPlanNotFound)
}

// planTerms reads a plan's terms from req into p; 400 with the words of the first thing wrong.
func (a *App) planTerms(r *http.Request, req planRequest, p *store.Plan) error {
	amount, ok := rules.ParseAmountRial(string(req.AmountRial))
	if !ok || amount <= 0 {
		return badRequest(msgAmountInvalid)
	}
	p.AmountRial, p.Every, p.Weekday, p.Day = amount, req.Every, 0, 1
	switch req.Every {
	case store.PlanDaily:
	case store.PlanWeekly:
		if req.Weekday == nil || *req.Weekday < 0 || *req.Weekday > 6 {
			return badRequest(msgPlanWeekday)
		}
		p.Weekday = *req.Weekday
	case store.PlanMonthly:
		if req.Day == nil || *req.Day < 1 || *req.Day > 29 {
			return badRequest(msgPlanDay)
		}
		p.Day = *req.Day
	default:
		return badRequest(msgPlanEvery)
	}
	minute, ok := rules.ParseClock(req.Time) // exactly HH:MM: no sign, no space, no single digit (issue 36)
	if !ok {
		return badRequest(msgPlanTime)
	}
	p.Minute = minute
	t, err := a.store.TradingTermsOfGrade(r.Context(), caller(r).User.Grade)
	if err != nil {
		return err
	}
	// a plan runs within the buy hours; and buys at least the smallest trade at today's price
	if !rules.InWindow(t.Settings.BuyStartMin, t.Settings.BuyEndMin, minute) {
		return badRequest(fmt.Sprintf(msgPlanOutsideHours, iran.Digits(rules.ClockText(t.Settings.BuyStartMin)),
			iran.Digits(rules.ClockText(t.Settings.BuyEndMin))))
	}
	if buy, _ := t.Prices(); t.HasBase {
		if _, _, err := t.Amounts(store.EntryBuy, true, amount, buy); err != nil {
			return err
		}
	}
	return nil
}

// planScope binds a plan's code to its terms (and, for a change, to the plan).
func planScope(id int64, p store.Plan) string {
	return fmt.Sprintf("plan:%d:%s:%d:%d:%d:%d", id, p.Every, p.Weekday, p.Day, p.Minute, p.AmountRial)
}

func (a *App) planStep(id int64, p store.Plan) codeStep {
	return codeStep{store.PurposePlan, planScope(id, p), msgPlanCodeSent, msgPlanCodeOther}
}

// plansCreate answers POST /api/plans: 403 {code_required} with a code texted for these terms, then, with
// that code, the new plan.
func (a *App) plansCreate(w http.ResponseWriter, r *http.Request) error {
	var req planRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	user := caller(r).User
	p := store.Plan{UserID: user.ID, Status: store.PlanActive}
	if err := a.planTerms(r, req, &p); err != nil {
		return err
	}
	if plans, err := a.store.Plans(r.Context(), user.ID); err != nil {
		return err
	} else if len(plans) >= store.PlansPerCustomer {
		return conflict(msgPlanLimit)
	}
	if sent, err := a.confirmByCode(w, r, user, a.planStep(0, p), req.Code); sent || err != nil {
		return err
	}
	id, err := a.store.CreatePlan(r.Context(), p, a.now())
	if errors.Is(err, store.ErrPlanLimit) {
		return conflict(msgPlanLimit)
	} else if err != nil {
		return err
	}
	p.ID, p.CreatedAt = id, a.now().UTC()
	return okJSON(w, map[string]any{"message": msgPlanCreated, "plan": a.viewPlan(p)})
}

// planUpdate answers PUT /api/plans/{id}: {status} pauses or resumes it; new terms (with their code, as for a
// new plan) change it.
func (a *App) planUpdate(w http.ResponseWriter, r *http.Request) error {
	var req planRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	p, err := a.ownPlan(r)
	if err != nil {
		return err
	}
	if req.Status != "" {
		if req.Status != store.PlanActive && req.Status != store.PlanPaused {
			return badRequest(msgPlanStatus)
		}
		p.Status = req.Status
	}
	if req.Every != "" || req.AmountRial != "" || req.Time != "" {
		next := p
		if err := a.planTerms(r, req, &next); err != nil {
			return err
		}
		if sent, err := a.confirmByCode(w, r, caller(r).User, a.planStep(p.ID, next), req.Code); sent || err != nil {
			return err
		}
		p = next
	}
	if err := a.store.UpdatePlan(r.Context(), p, a.now()); errors.Is(err, store.ErrNotFound) {
		return notFound(msgPlanNotFound)
	} else if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"message": msgPlanSaved, "plan": a.viewPlan(p)})
}

// planDelete answers DELETE /api/plans/{id}: the plan stops for good; its history stays in the statement.
func (a *App) planDelete(w http.ResponseWriter, r *http.Request) error {
	p, err := a.ownPlan(r)
	if err != nil {
		return err
	}
	p.Status = store.PlanDeleted
	if err := a.store.UpdatePlan(r.Context(), p, a.now()); errors.Is(err, store.ErrNotFound) {
		return notFound(msgPlanNotFound)
	} else if err != nil {
		return err
	}
	return okJSON(w, map[string]string{"message": msgPlanDeleted})
}

// adminPlans answers GET /api/admin/plans (owner): how many plans run and the rial they buy a day (never
// whose), and whether they may run. PUT {enabled} switches them shop-wide.
func (a *App) adminPlans(w http.ResponseWriter, r *http.Request) error {
	sum, err := a.store.PlansSummaryOf(r.Context())
	if err != nil {
		return err
	}
	on, err := a.store.PlansEnabled(r.Context())
	if err != nil {
		return err
	}
	perDay := sum.DailyRial + sum.WeeklyRial/7 + sum.Month/30
	return okJSON(w, map[string]any{"active": sum.Active, "rial_per_day": rules.FormatRial(perDay), "enabled": on})
}

func (a *App) adminPlansSwitch(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Enabled *bool `json:"enabled"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	if req.Enabled == nil {
		return badRequest(msgPlanSwitch)
	}
	if err := a.store.SetPlansEnabled(r.Context(), caller(r).User.ID, *req.Enabled, a.now()); err != nil {
		return err
	}
	return a.adminPlans(w, r)
}
