package store

import (
	"strings"
	"testing"
)

// The live codes of a phone are read and closed through their partial index, which a trade's code no longer
// enters (migration 0043): a condition that stopped repeating the index's would scan the table.
func TestLiveCodesReadTheirIndex(t *testing.T) {
	s, _ := openBare(t)
	for _, q := range []struct {
		sql  string
		args []any
	}{{liveCodeSQL, []any{"09120000000", PurposeAuth, 0}}, {closeLiveCodesSQL, []any{0, "09120000000", PurposeAuth}}} {
		if got := planOf(t, s.read, q.sql, q.args...); !strings.Contains(got, "verification_codes_live") {
			t.Errorf("%s\nplans as %s", q.sql, got)
		}
	}
}
