package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// Upload quotas (issue 27): what one customer may upload in a Tehran day, set by the owner with the shop's
// settings. An upload is counted inside the transaction that records it, so uploads sent side by side cannot
// both take the last place.
const (
	QuotaReceipts  = "receipts"
	QuotaChatFiles = "chat_files"
)

// QuotaError says a customer has used up a day's quota of kind; Limit is the owner's number.
type QuotaError struct {
	Kind  string
	Limit int
}

func (e *QuotaError) Error() string {
	return fmt.Sprintf("store: %s quota of %d a day used up", e.Kind, e.Limit)
}

// quotaCounts are the queries counting a customer's uploads of kind since the start of their day.
var quotaCounts = map[string]string{
	QuotaReceipts:  `SELECT COUNT(*) FROM wallet_requests WHERE user_id = ? AND type = 'deposit' AND created_at >= ?`,
	QuotaChatFiles: `SELECT COUNT(*) FROM chat_files WHERE uploader_id = ? AND created_at >= ?`,
}

// checkQuota refuses one more upload of kind by user when the day that began at dayStart already holds the
// owner's number of them (a fresh shop's number before the owner first saves the settings).
func checkQuota(ctx context.Context, tx *sql.Tx, kind string, userID int64, dayStart time.Time) error {
	sh, err := readShop(ctx, tx.QueryRowContext)
	if err != nil {
		return err
	}
	limit := map[string]int{QuotaReceipts: sh.ReceiptsPerDay, QuotaChatFiles: sh.ChatFilesPerDay}[kind]
	var n int
	if err := tx.QueryRowContext(ctx, quotaCounts[kind], userID, dayStart.UnixMilli()).Scan(&n); err != nil {
		return err
	}
	if n >= limit {
		return &QuotaError{Kind: kind, Limit: limit}
	}
	return nil
}
