package store

import (
	"context"
	"strings"
	"testing"
)

// The live codes of a phone are read and closed through their partial index, which a trade's code no longer
// enters (migration 0043): a condition that stopped repeating the index's would scan the table.
func TestLiveCodesReadTheirIndex(t *testing.T) {
	s, _ := openBare(t)
	c, err := s.read.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, q := range []struct {
		sql  string
		args []any
	}{{liveCodeSQL, []any{"09120000000", PurposeAuth, 0}}, {closeLiveCodesSQL, []any{0, "09120000000", PurposeAuth}}} {
		rows, err := c.QueryContext(context.Background(), `EXPLAIN QUERY PLAN `+q.sql, q.args...)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		if got := strings.Join(plan, "; "); !strings.Contains(got, "verification_codes_live") {
			t.Errorf("%s\nplans as %s", q.sql, got)
		}
	}
}
