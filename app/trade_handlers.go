package app

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

// quoteLifetime is how long a locked price waits for its code (decisions.md §4); the code lives as long.
const quoteLifetime = 2 * time.Minute

// tradingView is what the trade screen needs of the settings, with whether each side is open now.
type tradingView struct {
	settingsFields
	BuyOpen  bool `json:"buy_open"`
	SellOpen bool `json:"sell_open"`
}

type myPricesView struct {
	Grade        int         `json:"grade"`
	BuyPrice     *string     `json:"buy_price"`
	SellPrice    *string     `json:"sell_price"`
	LastUpdated  *string     `json:"last_updated"`
	IsPriceFresh bool        `json:"is_price_fresh"`
	Trading      tradingView `json:"trading"`
}

// myPrices is the caller's grade, the prices they trade at and whether trading is open (customer.md §3).
func (a *App) myPrices(w http.ResponseWriter, r *http.Request) error {
	now := a.now()
	// The caller's grade came with this request's sign-in check; the rest of the terms are held in memory.
	t, err := a.store.TradingTermsOfGrade(r.Context(), caller(r).User.Grade)
	if err != nil {
		return err
	}
	if body, ok := a.prices.get(t, now); ok {
		return writeBody(w, body)
	}
	out := myPricesView{Grade: t.Grade.ID, Trading: tradingView{viewSettingsFields(t.Settings),
		t.Settings.Hours(store.EntryBuy).Open(now), t.Settings.Hours(store.EntrySell).Open(now)}}
	if t.HasBase {
		buy, sell := rules.GradePrices(t.Base.PricePerGramRial, t.Grade.SellAddRial, t.Grade.BuySubtractRial)
		out.BuyPrice, out.SellPrice = positiveRial(buy), positiveRial(sell)
		updated := t.Base.At.Format(time.RFC3339)
		out.LastUpdated = &updated
		out.IsPriceFresh = rules.PriceFresh(t.Base.At, now, t.Settings.PriceMaxAgeMinutes)
	}
	body, err := a.prices.put(t, now, out)
	if err != nil {
		return err
	}
	return writeBody(w, body)
}

// positiveRial writes a price, or null when it is not above zero.
func positiveRial(n int64) *string {
	if n <= 0 {
		return nil
	}
	s := rules.FormatRial(n)
	return &s
}

type quoteRequest struct {
	AmountRial numberText `json:"amount_rial"`
	AmountGold numberText `json:"amount_gold"`
}

type quoteView struct {
	Type         string    `json:"type"`
	AmountRial   string    `json:"amount_rial"`
	AmountGold   string    `json:"amount_gold"`
	PricePerGram string    `json:"price_per_gram"`
	ExpiresAt    time.Time `json:"expires_at"`
}

func (a *App) pricesBuy(w http.ResponseWriter, r *http.Request) error {
	return a.tradeQuote(w, r, store.EntryBuy)
}

func (a *App) pricesSell(w http.ResponseWriter, r *http.Request) error {
	return a.tradeQuote(w, r, store.EntrySell)
}

// tradeQuote prices a buy or sell at the caller's grade (store.TradingTerms.Quote), refuses early what the
// trade would refuse (store.CheckTrade), locks it for two minutes and texts its code. The quote and its code
// go into the quote book together, so a refused resend leaves the earlier quote and its code working.
func (a *App) tradeQuote(w http.ResponseWriter, r *http.Request, typ string) error {
	var req quoteRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	byRial, amount, err := tradeAmount(req.AmountRial, req.AmountGold)
	if err != nil {
		return err
	}
	ctx, now, user := r.Context(), a.now(), caller(r).User
	terms, err := a.store.TradingTermsOfGrade(ctx, user.Grade)
	if err != nil {
		return err
	}
	t, err := terms.Quote(typ, byRial, amount, now)
	if err != nil {
		return tradeRefusal(err, terms.Settings, typ)
	}
	if err := a.store.CheckTrade(ctx, user, typ, t.AmountRial, t.AmountGoldMg, now); err != nil {
		return err
	}
	q := store.Quote{UserID: user.ID, Type: typ, CodeScope: newQuoteScope(), AmountRial: t.AmountRial,
		AmountGoldMg: t.AmountGoldMg, PricePerGramRial: t.PricePerGramRial, BasePriceID: t.BasePriceID, CreatedAt: now,
		ExpiresAt: now.Add(quoteLifetime)}
	if err := a.textCode(r, user.PhoneNumber, store.PurposeTrade, func(codeHash []byte, lim store.CodeLimits) (wait time.Duration, err error) {
		q, wait, err = a.store.IssueQuote(ctx, user.PhoneNumber, codeHash, lim, q, now)
		return wait, err
	}); err != nil {
		return err
	}
	return okJSON(w, map[string]any{"message": msgQuoteSent, "quote": quoteView{q.Type, rules.FormatRial(q.AmountRial),
		rules.FormatGold(q.AmountGoldMg), rules.FormatRial(q.PricePerGramRial), q.ExpiresAt.UTC()}})
}

// tradeAmount reads a trade's amount as a body gives it: rial (byRial) or a weight, exactly one of them.
func tradeAmount(rialText, goldText numberText) (byRial bool, amount int64, err error) {
	byRial = rialText != ""
	switch {
	case !byRial && goldText == "":
		return false, 0, badRequest(msgTradeAmountMissing)
	case byRial && goldText != "":
		return false, 0, badRequest(msgTradeAmountBoth)
	case byRial:
		rial, ok := rules.ParseAmountRial(string(rialText))
		if !ok {
			return false, 0, badRequest(msgAmountInvalid)
		}
		return true, rial, nil
	}
	mg, ok := rules.ParseGoldMg(string(goldText))
	if !ok || mg <= 0 {
		return false, 0, badRequest(msgTradeWeightInvalid)
	}
	return false, mg, nil
}

// tradeRefusal words why a trade of side could not be priced under settings; the weight limits' refusals
// pass on to writeError.
func tradeRefusal(err error, settings store.PriceSettings, side string) error {
	switch {
	case errors.Is(err, store.ErrPricesStale):
		return badRequest(msgPricesStale)
	case errors.Is(err, store.ErrTradingClosed):
		return badRequest(closedMessage(settings, side))
	case errors.Is(err, store.ErrPriceUnavailable):
		return badRequest(msgPriceUnavailable)
	}
	return err
}

// closedMessage says why a side is closed: switched off, or outside its hours (shown in Persian digits).
func closedMessage(s store.PriceSettings, typ string) string {
	if typ == store.EntryBuy {
		if !s.BuyEnabled {
			return msgBuyDisabled
		}
		return fmt.Sprintf(msgBuyClosedFormat, iran.Digits(rules.ClockText(s.BuyStartMin)), iran.Digits(rules.ClockText(s.BuyEndMin)))
	}
	if !s.SellEnabled {
		return msgSellDisabled
	}
	return fmt.Sprintf(msgSellClosedFormat, iran.Digits(rules.ClockText(s.SellStartMin)), iran.Digits(rules.ClockText(s.SellEndMin)))
}

// newQuoteScope is the random name binding a trade code to its quote.
func newQuoteScope() string {
	b := make([]byte, 16)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

type verifyTradeRequest struct {
	Code string `json:"verification_code"`
	Type string `json:"transaction_type"`
}

// pricesVerify checks the trade code and executes its quote in one transaction (decisions.md §4): the code
// is spent in the commit that moves the money, and a refused trade leaves it live (a wrong code counts a try).
func (a *App) pricesVerify(w http.ResponseWriter, r *http.Request) error {
	var req verifyTradeRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	typ := strings.TrimSpace(req.Type)
	if typ != store.EntryBuy && typ != store.EntrySell {
		return badRequest(msgTradeType)
	}
	code, err := typedCode(req.Code)
	if err != nil {
		return err
	}
	user, now := caller(r).User, a.now()
	entry, err := a.store.ExecuteQuote(r.Context(), store.Trade{UserID: user.ID, Type: typ,
		CodeHash: a.codeHash(user.PhoneNumber, store.PurposeTrade, code), CodeLimits: store.CodeRules[store.PurposeTrade],
		CheckHours: true, Grade: user.Grade, Uninvited: user.ReferredBy == 0}, now)
	switch {
	case isCodeVerdict(err): // a trade's right code is the trade, in the ledger; a wrong one is written here
		a.codeVerdict(r, store.PurposeTrade, err)
		return err
	case errors.Is(err, store.ErrTradingClosed):
		settings, serr := a.store.PriceSettings(r.Context())
		if serr != nil {
			return serr
		}
		return badRequest(closedMessage(settings, typ))
	case err != nil:
		return err
	}
	return okJSON(w, map[string]any{"message": msgTradeDone, "transaction": viewEntries([]store.Entry{entry})[0]})
}

// referralStats is the caller's invite figures (customer.md §2, invite friends).
func (a *App) referralStats(w http.ResponseWriter, r *http.Request) error {
	user := caller(r).User
	st, err := a.store.ReferralStatsOf(r.Context(), user.ID)
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"referral_code": user.ReferralCode, "invited": st.Invited,
		"earned": rules.FormatGold(st.EarnedMg)})
}
