package store

import "time"

// The texted-code policy, once (issue 37), for every code whether its rows are written on their own (the
// sign-in, profile, withdraw, plan and order codes: codes.go, on SQL) or by the quote book's batches (a
// trade's code: trade_codes.go and quote_book.go, in memory beside its rows): the limits of each purpose
// (decisions.md §3) and the two rules every path asks, "may another code be texted" and "what a wrong try
// does".

// CodeRules are the limits of each purpose's codes: 2 minutes, single use, 5 wrong tries, a new code at most
// once a minute, and a daily cap per phone and purpose. The caller adds the asker's rate limits (Hits) and,
// for development only, another resend spacing.
var CodeRules = map[string]CodeLimits{
	PurposeAuth:    {Lifetime: 2 * time.Minute, ResendAfter: time.Minute, DailyCap: 10, MaxWrongTries: 5},
	PurposeProfile: {Lifetime: 2 * time.Minute, ResendAfter: time.Minute, DailyCap: 10, MaxWrongTries: 5},
	PurposeTrade:   {Lifetime: 2 * time.Minute, ResendAfter: time.Minute, DailyCap: 100, MaxWrongTries: 5},
	// A withdrawal to a new card is rare: a few a day leaves room for a typo'd amount, not for a flood of SMS.
	PurposeWithdraw: {Lifetime: 2 * time.Minute, ResendAfter: time.Minute, DailyCap: 10, MaxWrongTries: 5},
	PurposePlan:     {Lifetime: 2 * time.Minute, ResendAfter: time.Minute, DailyCap: 10, MaxWrongTries: 5},
	PurposeOrder:    {Lifetime: 2 * time.Minute, ResendAfter: time.Minute, DailyCap: 20, MaxWrongTries: 5},
	// A customer at the counter reads the code off their phone: a few invoices a day, each a code.
	PurposeCounter: {Lifetime: 5 * time.Minute, ResendAfter: time.Minute, DailyCap: 20, MaxWrongTries: 5},
}

// codesSent is what a phone's codes of one purpose did in the last day: how many, and when the newest was
// made (zero: none).
type codesSent struct {
	today int
	last  time.Time
}

// mayText says whether another code may be texted at now after sent: ErrCodeTooSoon with the wait while the
// resend spacing runs, ErrCodeDailyCap once the day's cap is reached.
func (l CodeLimits) mayText(sent codesSent, now time.Time) (time.Duration, error) {
	if !sent.last.IsZero() {
		if next := sent.last.Add(l.ResendAfter); now.Before(next) {
			return next.Sub(now), ErrCodeTooSoon
		}
	}
	if sent.today >= l.DailyCap {
		return 0, ErrCodeDailyCap
	}
	return 0, nil
}

// wrongTry is the verdict of a code's wrong answer, its tries now counting it: ErrCodeWrong, or once they
// reach the cap ErrCodeTooManyTries with void set (the code is closed).
func (l CodeLimits) wrongTry(tries int) (verdict error, void bool) {
	if tries >= l.MaxWrongTries {
		return ErrCodeTooManyTries, true
	}
	return ErrCodeWrong, false
}

// full says whether a bucket holding n hits in its window has no room for one more.
func (l Limit) full(n int) bool { return n >= l.Max }
