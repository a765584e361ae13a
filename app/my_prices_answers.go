package app

import (
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"goldshop/store"
)

// myPricesAnswers keeps each grade's last my-prices answer as the bytes sent, with the span of time over which
// the same terms give the same answer: the trade screen's poll is the shop's hottest call, and between two
// price changes nearly every poll of a grade is the same answer. An answer is reused only for the very terms
// it was made from (base price, trading rules, the grade's figures, as the store holds them now), from the
// moment it was made until the next minute (trading hours are whole minutes of Tehran's clock) or the moment
// the price stops being fresh, whichever comes first.
type myPricesAnswers struct {
	mu      sync.Mutex
	byGrade map[int]myPricesAnswer
}

type myPricesAnswer struct {
	terms       store.TradingTerms
	from, until time.Time // the answer holds for from <= now < until
	body        []byte
}

// get returns the kept answer for terms at now, if it holds.
func (c *myPricesAnswers) get(terms store.TradingTerms, now time.Time) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	a, ok := c.byGrade[terms.Grade.ID]
	if !ok || a.terms != terms || now.Before(a.from) || !now.Before(a.until) {
		return nil, false
	}
	return a.body, true
}

// put keeps out, the answer for terms made at now, and returns its bytes.
func (c *myPricesAnswers) put(terms store.TradingTerms, now time.Time, out myPricesView) ([]byte, error) {
	body, err := json.Marshal(out)
	if err != nil {
		return nil, err
	}
	body = append(body, '\n') // as writeJSON's encoder ends it
	until := now.Truncate(time.Minute).Add(time.Minute)
	if out.IsPriceFresh {
		// rules.PriceFresh holds through at + max age inclusive
		stale := terms.Base.At.Add(time.Duration(terms.Settings.PriceMaxAgeMinutes)*time.Minute + 1)
		if stale.Before(until) {
			until = stale
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byGrade == nil {
		c.byGrade = map[int]myPricesAnswer{}
	}
	c.byGrade[terms.Grade.ID] = myPricesAnswer{terms: terms, from: now, until: until, body: body}
	return body, nil
}

// writeBody sends a 200 JSON answer already made (a failed write is a client gone, as for writeJSON).
func writeBody(w http.ResponseWriter, body []byte) error {
	w.Header()["Content-Type"] = headerJSONType
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
	return nil
}
