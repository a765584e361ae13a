package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"sync"

	"github.com/go-chi/chi/v5"
)

// The empty trade is the trades' second reference: the bare chi process answers the quote and the verify
// as the shop does on the wire (the JSON bodies read, a five-digit code texted as a console SMS line on its
// standard error, the code checked) and does nothing else. The same client trades against it as against the
// shop, so its rate is what HTTP, the code's round trip through standard error and the client alone allow on
// this machine: the ceiling of the shop's trades, beside the raw commits' floor of what a trade's commit costs.

// serveEmptyTrade adds the empty trade's two calls to r. The bearer token is the customer's phone.
func serveEmptyTrade(r chi.Router) {
	var mu sync.Mutex
	codes := map[string]string{}
	answer := func(w http.ResponseWriter, status int, v any) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(status)
		json.NewEncoder(w).Encode(v)
	}
	r.Post("/api/prices/buy", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			AmountRial string `json:"amount_rial"`
		}
		if json.NewDecoder(r.Body).Decode(&req) != nil || req.AmountRial == "" {
			answer(w, http.StatusBadRequest, map[string]string{"detail": "amount"})
			return
		}
		phone := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		code := fmt.Sprintf("%05d", rand.IntN(100000))
		mu.Lock()
		codes[phone] = code
		mu.Unlock()
		fmt.Fprintf(os.Stderr, "sms to=%s text=\"کد تأیید: %s\"\n", phone, code)
		answer(w, http.StatusOK, map[string]any{"message": "sent", "quote": map[string]string{"type": "buy",
			"amount_rial": req.AmountRial, "amount_gold": "0.019", "price_per_gram": "51234567"}})
	})
	r.Post("/api/prices/verify-transaction", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Code string `json:"verification_code"`
		}
		phone := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		if json.NewDecoder(r.Body).Decode(&req) != nil {
			answer(w, http.StatusBadRequest, map[string]string{"detail": "body"})
			return
		}
		mu.Lock()
		ok := req.Code != "" && codes[phone] == req.Code
		delete(codes, phone)
		mu.Unlock()
		if !ok {
			answer(w, http.StatusBadRequest, map[string]string{"detail": "code"})
			return
		}
		answer(w, http.StatusOK, map[string]any{"message": "done", "transaction": map[string]string{"type": "buy"}})
	})
}

// emptyShop is the bare chi process as a trade target for tradeLoad, with the shop's customers' phones as
// their tokens.
func (b *bareChi) emptyShop(customers []customer) *shop {
	s := &shop{url: b.url, cmd: b.cmd, codes: b.codes, cursors: map[int][]int{},
		client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}}}
	for _, c := range customers {
		s.customers = append(s.customers, customer{phone: c.phone, token: c.phone})
	}
	return s
}
