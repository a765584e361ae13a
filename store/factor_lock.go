package store

import (
	"context"
	"database/sql"
	"strconv"
	"time"
)

// Wrong second-factor answers are counted per person (issue 36), across every challenge, address and
// re-authentication, in the transaction of the try: a right password opens a new challenge, but never a new
// allowance of guesses. Ten wrong answers lock the person's codes for 15 minutes, the next ten for 30, then
// an hour, and so on up to a day; each lock is texted to them. A passkey cannot be guessed, so its answer is
// taken meanwhile.
const (
	FactorFailsPerLock = 10
	factorLockFirst    = 15 * time.Minute
	factorLockLongest  = 24 * time.Hour
	// factorFailsKept is how far back wrong answers count (rate_hits are pruned after two days).
	factorFailsKept = 24 * time.Hour
)

// SecondFactorLockedError is a code refused unread because its person's wrong answers are locked out until
// Until.
type SecondFactorLockedError struct{ Until time.Time }

func (e *SecondFactorLockedError) Error() string {
	return "store: second-factor answers locked until " + e.Until.UTC().Format(time.RFC3339)
}

// factorLockUntil is when a person whose wrong answers came at fails (oldest first, the last factorFailsKept)
// may answer again; the zero time when they may now. The lock runs from the answer that completed each ten.
func factorLockUntil(fails []time.Time) time.Time {
	level := len(fails) / FactorFailsPerLock
	if level == 0 {
		return time.Time{}
	}
	return fails[level*FactorFailsPerLock-1].Add(FactorLockAfter(int64(len(fails))))
}

// FactorLockAfter is how long a person's codes stay locked after their fails-th wrong answer of a day (none
// before the first ten): 15 minutes, doubling with each ten, at most a day.
func FactorLockAfter(fails int64) time.Duration {
	level := fails / FactorFailsPerLock
	switch {
	case level <= 0:
		return 0
	case level > 7:
		return factorLockLongest
	}
	return min(factorLockFirst<<(level-1), factorLockLongest)
}

func factorFailBucket(userID int64) string { return "2fa-fail:" + strconv.FormatInt(userID, 10) }

// factorFails are the person's wrong answers of the last factorFailsKept, oldest first.
func factorFails(ctx context.Context, tx *sql.Tx, userID int64, now time.Time) ([]time.Time, error) {
	rows, err := tx.QueryContext(ctx, `SELECT at FROM rate_hits WHERE bucket = ? AND at > ? ORDER BY at`,
		factorFailBucket(userID), now.Add(-factorFailsKept).UnixMilli())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []time.Time
	for rows.Next() {
		var at int64
		if err := rows.Scan(&at); err != nil {
			return nil, err
		}
		out = append(out, time.UnixMilli(at))
	}
	return out, rows.Err()
}

// checkFactorLock is a *SecondFactorLockedError while the person's codes are locked.
func checkFactorLock(ctx context.Context, tx *sql.Tx, userID int64, now time.Time) error {
	fails, err := factorFails(ctx, tx, userID, now)
	if err != nil {
		return err
	}
	if until := factorLockUntil(fails); now.Before(until) {
		return &SecondFactorLockedError{Until: until}
	}
	return nil
}

// countFactorFail records one wrong answer of the person; the one that completes ten tells them (always by
// SMS) that someone who has their password is guessing.
func countFactorFail(ctx context.Context, tx *sql.Tx, userID int64, now time.Time) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO rate_hits (bucket, at) VALUES (?, ?)`, factorFailBucket(userID),
		now.UnixMilli()); err != nil {
		return err
	}
	fails, err := factorFails(ctx, tx, userID, now)
	if err != nil || len(fails)%FactorFailsPerLock != 0 {
		return err
	}
	return notify(ctx, tx, Notification{UserID: userID, Kind: NoteSecondFactorFailures, Amount: int64(len(fails))}, now)
}
