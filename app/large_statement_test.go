package app

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
)

type statementPage struct {
	Transactions []struct {
		ID          int64  `json:"id"`
		CreditRial  string `json:"credit_rial"`
		BalanceRial string `json:"balance_rial"`
		BalanceGold string `json:"balance_gold"`
	} `json:"transactions"`
	NextCursor string `json:"next_cursor"`
}

func (s *testShop) statementPage(t *testing.T, path, token string) statementPage {
	t.Helper()
	r := s.do("GET", path, token, nil)
	var p statementPage
	if err := json.Unmarshal([]byte(r.Body), &p); r.Status != 200 || err != nil {
		t.Fatalf("%s: %d %s", path, r.Status, r.Body)
	}
	return p
}

func TestStatementPagesNewestFirstWithRunningBalances(t *testing.T) {
	s := newTestShop(t)
	user, _ := s.signUp(1)
	admin := s.signInAdmin()
	for i := 1; i <= 5; i++ {
		s.fund(user, admin, fmt.Sprint(i*1000))
	}
	id := fmt.Sprint(s.do("GET", "/api/users/me", user, nil).JSON["user"].(map[string]any)["id"])
	for _, base := range []string{"/api/transactions/all", "/api/admin/user-transactions/" + id} {
		token := user
		if strings.Contains(base, "admin") {
			token = admin
		}
		var credits, balances []string
		cursor, pages := "", 0
		for {
			p := s.statementPage(t, base+"?limit=2&cursor="+cursor, token)
			if len(p.Transactions) > 2 {
				t.Fatalf("%s: a page of %d", base, len(p.Transactions))
			}
			for _, e := range p.Transactions {
				credits, balances = append(credits, e.CreditRial), append(balances, e.BalanceRial)
			}
			pages++
			if cursor = p.NextCursor; cursor == "" {
				break
			}
		}
		if want := "5000 4000 3000 2000 1000"; strings.Join(credits, " ") != want || pages != 3 {
			t.Fatalf("%s: credits %v in %d pages, want %s newest first", base, credits, pages, want)
		}
		if want := "15000 10000 6000 3000 1000"; strings.Join(balances, " ") != want {
			t.Fatalf("%s: balances %v, want %s", base, balances, want)
		}
		// without a cursor: the newest page, of the default size
		plain := s.statementPage(t, base, token)
		if len(plain.Transactions) != 5 || plain.Transactions[0].CreditRial != "5000" ||
			plain.Transactions[0].BalanceRial != "15000" || plain.NextCursor != "" {
			t.Fatalf("%s without a cursor: %+v", base, plain)
		}
		if first := s.statementPage(t, base+"?cursor=", token); len(first.Transactions) != 5 || first.Transactions[0].CreditRial != "5000" {
			t.Fatalf("%s?cursor=: %+v", base, first)
		}
	}
	s.run(t, []scenario{
		{name: "refuses a cursor that is not a number", method: "GET", path: "/api/transactions/all?cursor=abc", token: user, wantStatus: 400, wantContains: msgBadPage, wantAbsent: []string{`"transactions"`}},
		{name: "refuses a zero limit", method: "GET", path: "/api/transactions/all?limit=0", token: user, wantStatus: 400, wantContains: msgBadPage, wantAbsent: []string{`"transactions"`}},
		{name: "gives nothing past the oldest entry", method: "GET", path: "/api/transactions/all?cursor=1", token: user, wantStatus: 200, wantContains: `{"transactions":[],"next_cursor":""}`},
	})
}

func TestJSONAnswersAreGzippedWhenAsked(t *testing.T) {
	s := newTestShop(t)
	user, _ := s.signUp(1)
	for _, gz := range []bool{true, false} {
		req, _ := http.NewRequest("GET", s.srv.URL+"/api/transactions/all?limit=50", nil)
		req.Header.Set("Authorization", "Bearer "+user)
		if gz {
			req.Header.Set("Accept-Encoding", "gzip")
		}
		resp, err := http.DefaultTransport.RoundTrip(req) // the bare transport does not undo the gzip
		if err != nil {
			t.Fatal(err)
		}
		body := io.Reader(resp.Body)
		if gz {
			if resp.Header.Get("Content-Encoding") != "gzip" {
				t.Fatalf("asked for gzip, got encoding %q", resp.Header.Get("Content-Encoding"))
			}
			if body, err = gzip.NewReader(resp.Body); err != nil {
				t.Fatal(err)
			}
		} else if resp.Header.Get("Content-Encoding") != "" {
			t.Fatalf("did not ask, got encoding %q", resp.Header.Get("Content-Encoding"))
		}
		raw, _ := io.ReadAll(body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(raw), `"transactions":[]`) {
			t.Fatalf("gzip %v: %d %s", gz, resp.StatusCode, raw)
		}
	}
	// The hot small answers are sent as they are: gzip would cost more than it saves.
	req, _ := http.NewRequest("GET", s.srv.URL+"/api/prices/my-prices", nil)
	req.Header.Set("Authorization", "Bearer "+user)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "" {
		t.Fatalf("my-prices: %d, encoding %q", resp.StatusCode, resp.Header.Get("Content-Encoding"))
	}
}
