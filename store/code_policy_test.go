package store

import (
	"errors"
	"testing"
	"time"
)

// The texted-code policy's two rules, which the SQL path and the quote book both ask (issue 37).
func TestTheCodePolicyIsOneRuleForEveryPath(t *testing.T) {
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	lim := CodeRules[PurposeTrade]
	for _, c := range []struct {
		name string
		sent codesSent
		wait time.Duration
		err  error
	}{
		{"none sent", codesSent{}, 0, nil},
		{"the last a second ago", codesSent{today: 1, last: now.Add(-time.Second)}, 59 * time.Second, ErrCodeTooSoon},
		{"the last a minute ago", codesSent{today: 1, last: now.Add(-time.Minute)}, 0, nil},
		{"the day's cap reached", codesSent{today: lim.DailyCap, last: now.Add(-time.Hour)}, 0, ErrCodeDailyCap},
		{"one under the cap", codesSent{today: lim.DailyCap - 1, last: now.Add(-time.Hour)}, 0, nil},
	} {
		if wait, err := lim.mayText(c.sent, now); wait != c.wait || !errors.Is(err, c.err) {
			t.Errorf("%s: wait %v err %v, want %v %v", c.name, wait, err, c.wait, c.err)
		}
	}
	for tries, want := range map[int]error{1: ErrCodeWrong, 4: ErrCodeWrong, 5: ErrCodeTooManyTries, 6: ErrCodeTooManyTries} {
		if verdict, void := lim.wrongTry(tries); verdict != want || void != (want == ErrCodeTooManyTries) {
			t.Errorf("try %d: %v void %v", tries, verdict, void)
		}
	}
	if l := (Limit{Max: 3}); l.full(2) || !l.full(3) {
		t.Error("a bucket of three is full at three, not two")
	}
}
