package store

import (
	"context"
	"crypto/hmac"
	"database/sql"
	"errors"
	"time"
)

// Code purposes: one namespace each, so a login code cannot change a password.
const (
	PurposeAuth     = "auth"     // register and login by code
	PurposeProfile  = "profile"  // password change
	PurposeTrade    = "trade"    // confirming a buy or sell quote
	PurposeWithdraw = "withdraw" // a withdrawal to a card added in the last 24 hours; scope: the card and amount
	PurposePlan     = "plan"     // a savings plan's terms, when it is made or changed; scope: the terms
	PurposeOrder    = "order"    // a standing order's terms, when it is placed; scope: the terms
	PurposeCounter  = "counter"  // a counter invoice paid from the customer's wallet; scope: what it takes
)

// CodeLimits are the rules a code is issued and checked under.
type CodeLimits struct {
	Lifetime      time.Duration // how long a code is valid
	ResendAfter   time.Duration // the least time between two codes of one phone and purpose
	DailyCap      int           // the most codes per phone and purpose in 24 hours
	MaxWrongTries int           // wrong answers after which the code is void
	// Hits are rate limits (the asker's address, say) hit in the code's own transaction: one already full
	// refuses the code with ErrRateLimited. A code refused for any reason records no hit.
	Hits []Limit
}

// Errors of issuing and checking codes.
var (
	ErrCodeTooSoon      = errors.New("store: code asked again too soon")
	ErrCodeDailyCap     = errors.New("store: daily code cap reached")
	ErrCodeNone         = errors.New("store: no live code")
	ErrCodeWrong        = errors.New("store: wrong code")
	ErrCodeTooManyTries = errors.New("store: code void after too many wrong tries")
)

// IssueCode records a new code (its hash) for phone and purpose, closing any earlier live one, unless the
// resend spacing or the daily cap forbids it. The returned duration is how long to wait when too soon.
func (s *Store) IssueCode(ctx context.Context, phone, purpose, scope string, codeHash []byte, lim CodeLimits,
	now time.Time) (wait time.Duration, err error) {
	err = s.inLightTx(ctx, func(tx *sql.Tx) error {
		w := s.writeStmts.in(tx)
		if wait, err = codeAllowed(ctx, w, phone, purpose, lim, now); err != nil {
			return err
		}
		return insertCode(ctx, w, phone, purpose, scope, codeHash, lim, now)
	})
	return wait, err
}

// codeAllowed hits lim.Hits and applies the resend spacing and the daily cap: ErrRateLimited, ErrCodeTooSoon
// with the wait, or ErrCodeDailyCap.
func codeAllowed(ctx context.Context, tx queryer, phone, purpose string, lim CodeLimits, now time.Time) (time.Duration, error) {
	if err := hitLimits(ctx, tx, now, lim.Hits); err != nil {
		return 0, err
	}
	sent, err := codesSentOf(ctx, tx, phone, purpose, now)
	if err != nil {
		return 0, err
	}
	return lim.mayText(sent, now)
}

// codesSentOf reads what phone's codes of purpose did in the day before now.
func codesSentOf(ctx context.Context, q queryer, phone, purpose string, now time.Time) (codesSent, error) {
	var last sql.NullInt64
	var sent codesSent
	if err := q.QueryRowContext(ctx, `SELECT MAX(created_at), COUNT(*) FROM verification_codes
		WHERE phone_number = ? AND purpose = ? AND created_at > ?`,
		phone, purpose, now.Add(-24*time.Hour).UnixMilli()).Scan(&last, &sent.today); err != nil {
		return sent, err
	}
	if last.Valid {
		sent.last = time.UnixMilli(last.Int64)
	}
	return sent, nil
}

// The live codes of a phone are found by the partial index verification_codes_live, whose condition these
// repeat word for word so that the planner may use it. A trade's code is never among them: it is checked
// in the quote book (quote_book.go), and its row is kept only for the day's count and the shop's restart.
const (
	closeLiveCodesSQL = `UPDATE verification_codes SET closed_at = ?
		WHERE phone_number = ? AND purpose = ? AND closed_at IS NULL AND purpose <> 'trade'`
	liveCodeSQL = `SELECT id, code_hash, tries, scope FROM verification_codes
		WHERE phone_number = ? AND purpose = ? AND closed_at IS NULL AND purpose <> 'trade' AND expires_at > ?
		ORDER BY id DESC LIMIT 1`
)

// insertCode closes the live code of phone and purpose (never PurposeTrade) and records the new one.
func insertCode(ctx context.Context, tx queryer, phone, purpose, scope string, codeHash []byte, lim CodeLimits,
	now time.Time) error {
	if _, err := tx.ExecContext(ctx, closeLiveCodesSQL, now.UnixMilli(), phone, purpose); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO verification_codes (phone_number, purpose, scope, code_hash,
		created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
		phone, purpose, scope, hexString(codeHash), now.UnixMilli(), now.Add(lim.Lifetime).UnixMilli())
	return err
}

// UseCode checks codeHash against the live code of phone and purpose. A match closes the code (single use)
// and returns its scope. A miss counts a wrong try, and the last allowed miss voids the code; the count is
// committed even though the caller is told the code was wrong.
func (s *Store) UseCode(ctx context.Context, phone, purpose string, codeHash []byte, lim CodeLimits,
	now time.Time) (scope string, err error) {
	var verdict error
	err = s.inLightTx(ctx, func(tx *sql.Tx) error {
		w := s.writeStmts.in(tx)
		var id int64
		if id, scope, verdict, err = checkCode(ctx, w, phone, purpose, codeHash, lim, now); err != nil || verdict != nil {
			return err
		}
		return closeCode(ctx, w, id, now)
	})
	if err != nil {
		return "", err
	}
	if verdict != nil {
		return "", verdict
	}
	return scope, nil
}

// checkCode finds the live code of phone and purpose (never PurposeTrade) in tx and compares codeHash with it. On a match it
// returns the code's id and scope and changes nothing: the caller closes it (closeCode) in the transaction
// of whatever the code confirms, so a refused confirmation leaves the code live. A miss is the verdict
// (ErrCodeNone, ErrCodeWrong, or ErrCodeTooManyTries when it voids the code) and its try is counted in tx,
// which the caller must commit.
func checkCode(ctx context.Context, tx queryer, phone, purpose string, codeHash []byte, lim CodeLimits,
	now time.Time) (id int64, scope string, verdict, err error) {
	var stored string
	var tries int
	err = tx.QueryRowContext(ctx, liveCodeSQL, phone, purpose, now.UnixMilli()).Scan(&id, &stored, &tries, &scope)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", ErrCodeNone, nil
	}
	if err != nil {
		return 0, "", nil, err
	}
	if hmac.Equal([]byte(stored), []byte(hexString(codeHash))) {
		return id, scope, nil, nil
	}
	tries++
	verdict, void := lim.wrongTry(tries)
	var closed any
	if void {
		closed = now.UnixMilli()
	}
	_, err = tx.ExecContext(ctx, `UPDATE verification_codes SET tries = ?, closed_at = ? WHERE id = ?`, tries, closed, id)
	return 0, "", verdict, err
}

// closeCode spends the code id: it works once.
func closeCode(ctx context.Context, tx queryer, id int64, now time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE verification_codes SET closed_at = ? WHERE id = ?`, now.UnixMilli(), id)
	return err
}

// GrantPasswordChange lets the user change the password once before until, from loginID only: the login
// (device) that verified the code, not any other session of the same user.
func (s *Store) GrantPasswordChange(ctx context.Context, userID, loginID int64, until time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO password_change_grants (user_id, login_id, expires_at) VALUES (?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET login_id = excluded.login_id, expires_at = excluded.expires_at`,
			userID, loginID, until.UnixMilli())
		return err
	})
}

// ChangePassword spends the live password-change grant that loginID holds, sets the new hash, tells the
// person (NotePasswordChanged, always by SMS too) and revokes every other login of the user. Without such a grant (none, expired, or made for another login) it returns
// ErrNotFound and changes nothing.
func (s *Store) ChangePassword(ctx context.Context, userID, loginID int64, passwordHash string, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM password_change_grants WHERE user_id = ? AND login_id = ?
			AND expires_at > ?`, userID, loginID, now.UnixMilli())
		if err := affectedOne(res, err); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?`,
			passwordHash, now.UnixMilli(), userID); err != nil {
			return err
		}
		var userAgent string
		if err := tx.QueryRowContext(ctx, `SELECT user_agent FROM logins WHERE id = ?`, loginID).Scan(&userAgent); err != nil {
			return err
		}
		if err := notify(ctx, tx, Notification{UserID: userID, Kind: NotePasswordChanged, SubjectID: loginID,
			Reason: userAgent}, now); err != nil {
			return err
		}
		return revokeLogins(ctx, tx, `user_id = ? AND id <> ?`, now, userID, loginID)
	})
}

// WithdrawCode removes the newest code of phone and purpose, when the SMS carrying it could not be sent, so
// it counts toward neither the resend spacing nor the daily cap.
func (s *Store) WithdrawCode(ctx context.Context, phone, purpose string) error {
	return s.inLightTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM verification_codes WHERE id = (SELECT MAX(id) FROM verification_codes
			WHERE phone_number = ? AND purpose = ?)`, phone, purpose)
		return err
	})
}
