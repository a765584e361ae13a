package app

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

type gradePriceView struct {
	Grade     int     `json:"grade"`
	BuyPrice  *string `json:"buy_price"`
	SellPrice *string `json:"sell_price"`
}

// adminPrices is the price table: the base price and each grade's buy and sell price (admin.md §2).
func (a *App) adminPrices(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	grades, err := a.store.Grades(ctx)
	if err != nil {
		return err
	}
	settings, err := a.store.PriceSettings(ctx)
	if err != nil {
		return err
	}
	out := map[string]any{"base_price": nil, "updated_at": nil, "is_price_fresh": false}
	prices := make([]gradePriceView, len(grades))
	base, err := a.store.BasePrice(ctx)
	switch {
	case errors.Is(err, store.ErrNotFound):
		for i, g := range grades {
			prices[i] = gradePriceView{Grade: g.ID}
		}
	case err != nil:
		return err
	default:
		for i, g := range grades {
			buy, sell := rules.GradePrices(base.PricePerGramRial, g.SellAddRial, g.BuySubtractRial)
			prices[i] = gradePriceView{g.ID, positiveRial(buy), positiveRial(sell)}
		}
		out["base_price"] = rules.FormatRial(base.PricePerGramRial)
		out["updated_at"] = base.At.Format(time.RFC3339)
		out["is_price_fresh"] = rules.PriceFresh(base.At, a.now(), settings.PriceMaxAgeMinutes)
	}
	out["prices"] = prices
	return okJSON(w, out)
}

type gradeView struct {
	ID          int    `json:"id"`
	SellAdd     string `json:"sell_add"`
	BuySubtract string `json:"buy_subtract"`
}

func viewGrade(g store.Grade) gradeView {
	return gradeView{g.ID, rules.FormatRial(g.SellAddRial), rules.FormatRial(g.BuySubtractRial)}
}

// adminGrades lists the five grades' rules.
func (a *App) adminGrades(w http.ResponseWriter, r *http.Request) error {
	grades, err := a.store.Grades(r.Context())
	if err != nil {
		return err
	}
	out := make([]gradeView, len(grades))
	for i, g := range grades {
		out[i] = viewGrade(g)
	}
	return okJSON(w, out)
}

type gradeRequest struct {
	SellAdd     numberText `json:"sell_add"`
	BuySubtract numberText `json:"buy_subtract"`
}

// adminGradeUpdate changes one grade's rules; both are whole non-negative rials per gram.
func (a *App) adminGradeUpdate(w http.ResponseWriter, r *http.Request) error {
	id, err := pathGrade(r, "id")
	if err != nil {
		return err
	}
	var req gradeRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	sellAdd, ok1 := rules.ParseRial(string(req.SellAdd))
	buySubtract, ok2 := rules.ParseRial(string(req.BuySubtract))
	if !ok1 || !ok2 || sellAdd < 0 || buySubtract < 0 || sellAdd > maxPricePerGramRial || buySubtract > maxPricePerGramRial {
		return badRequest(msgGradeValue)
	}
	g := store.Grade{ID: id, SellAddRial: sellAdd, BuySubtractRial: buySubtract}
	if err := a.store.UpdateGrade(r.Context(), caller(r).User.ID, g, a.now()); err != nil {
		return err
	}
	return okJSON(w, map[string]any{"message": msgGradeSaved, "grade": viewGrade(g)})
}

type adminUserView struct {
	ID          int64     `json:"id"`
	FirstName   string    `json:"first_name"`
	LastName    string    `json:"last_name"`
	Name        string    `json:"name"`
	PhoneNumber string    `json:"phone_number"`
	Grade       int       `json:"grade"`
	IsAdmin     int       `json:"is_admin"`
	CreatedAt   time.Time `json:"created_at"`
	// SecondFactor is whether an authenticator or a passkey is on, so the owner may reset a lost one.
	SecondFactor bool `json:"second_factor"`
}

func viewAdminUser(u store.User) adminUserView {
	v := adminUserView{ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Name: u.FirstName + " " + u.LastName,
		PhoneNumber: u.PhoneNumber, Grade: u.Grade, CreatedAt: u.CreatedAt, SecondFactor: u.SecondFactor}
	if u.IsAdmin {
		v.IsAdmin = 1
	}
	return v
}

// adminUsersLimit bounds the grade screen's list; a search finds anyone beyond it.
const adminUsersLimit = 500

// adminUsers lists users for the grade screen, newest first, optionally searched by id, phone or name.
func (a *App) adminUsers(w http.ResponseWriter, r *http.Request) error {
	list, err := a.store.Users(r.Context(), adminSearchText(r.URL.Query().Get("search")), adminUsersLimit)
	if err != nil {
		return err
	}
	out := make([]adminUserView, len(list))
	for i, u := range list {
		out[i] = viewAdminUser(u)
	}
	return okJSON(w, out)
}

// adminSearchText normalises an admin's user search: Persian digits and letters folded, a phone in any
// accepted form reduced to 09….
func adminSearchText(s string) string {
	s = iran.LatinDigits(iran.Name(s))
	if phone, err := iran.Phone(s); err == nil && len(s) >= 10 {
		return phone
	}
	return s
}

type userGradeRequest struct {
	Grade numberText `json:"grade"`
}

// adminUserGradeSet moves a user to grade 1..5.
func (a *App) adminUserGradeSet(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgUserNotFound)
	if err != nil {
		return err
	}
	var req userGradeRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	grade, err := strconv.Atoi(string(req.Grade))
	if err != nil || grade < 1 || grade > 5 {
		return badRequest(msgGradeRange)
	}
	u, err := a.store.SetUserGrade(r.Context(), caller(r).User.ID, id, grade, a.now())
	if errors.Is(err, store.ErrNotFound) {
		return notFound(msgUserNotFound)
	}
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"message": msgUserGradeSaved, "user": viewAdminUser(u)})
}
