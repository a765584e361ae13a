package store

import (
	"context"
	"database/sql"
	"strings"
	"testing"
)

// TestReadersPlanByTheStatisticsOfAGrownShop: a shop opens empty, its readers open, then its customers come.
// Once the writer refreshes the statistics, every reader plans a customer's balance through the index, not
// by the empty shop's figures (a scan of every account).
func TestReadersPlanByTheStatisticsOfAGrownShop(t *testing.T) {
	s, _ := openBare(t)
	ctx := context.Background()
	const balanceSQL = `SELECT SUM(balance) FROM accounts WHERE user_id = ?`
	// every connection of the read pool opens now, while the shop is empty
	var held []*sql.Conn
	for range 4 {
		c, err := s.read.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if plan := planOf(t, c, balanceSQL, 1); !strings.Contains(plan, "SCAN accounts") {
			t.Fatalf("the empty shop's plan is %q; the test needs the scan it starts from", plan)
		}
		held = append(held, c)
	}
	for _, c := range held {
		c.Close()
	}
	// 3000 customers in one statement (a customer's accounts come with them, by a trigger)
	_, err := s.write.ExecContext(ctx, `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 2999)
		INSERT INTO users (phone_number, first_name, last_name, password_hash, referral_code, created_at, updated_at)
		SELECT '0912' || (3000000 + i), 'سارا', 'احمدی', 'x', 'R' || i, 0, 0 FROM n`)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Optimize(ctx); err != nil {
		t.Fatal(err)
	}
	for range 8 {
		c, err := s.read.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		plan := planOf(t, c, balanceSQL, 1)
		c.Close()
		if !strings.Contains(plan, "USING INDEX accounts_user") && !strings.Contains(plan, "USING COVERING INDEX accounts_user") {
			t.Fatalf("a reader plans a customer's balance as %q after the statistics changed", plan)
		}
	}
}

// planOf is SQLite's plan of query with args on q (a pool or one connection), its steps joined by "; ".
func planOf(t *testing.T, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, query string, args ...any) string {
	t.Helper()
	rows, err := q.QueryContext(context.Background(), `EXPLAIN QUERY PLAN `+query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var steps []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		steps = append(steps, detail)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(steps, "; ")
}
