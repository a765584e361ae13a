package store

import (
	"context"
	"errors"
)

// ErrTagTaken refuses a tag code another item already has: a label names one piece, years later too.
var ErrTagTaken = errors.New("store: tag code taken")

// nextTag is the shop's next own tag number (issue 39), taken in the caller's transaction: digits only, so a
// scanner typing through any keyboard layout reads it back. A number someone typed as a tag is skipped.
func nextTag(ctx context.Context, q queryer) (string, error) {
	for {
		var n int64
		if err := q.QueryRowContext(ctx, `UPDATE tag_numbers SET next = next + 1 WHERE id = 1 RETURNING next - 1`).Scan(&n); err != nil {
			return "", err
		}
		tag := itoa(n)
		var taken bool
		if err := q.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM vault_items WHERE tag = ?)`, tag).Scan(&taken); err != nil {
			return "", err
		}
		if !taken {
			return tag, nil
		}
	}
}

// itemConflict names which of an item's unique fields a refused write collided on: its tag, or its lab and
// ingot number (ErrConflict).
func itemConflict(ctx context.Context, q queryer, it VaultItem) error {
	var taken bool
	if err := q.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM vault_items WHERE tag = ? AND tag <> '' AND id <> ?)`,
		it.Tag, it.ID).Scan(&taken); err != nil {
		return err
	}
	if taken {
		return ErrTagTaken
	}
	return ErrConflict
}
