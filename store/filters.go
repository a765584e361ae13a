package store

import (
	"strings"
	"time"
)

// conditions collects the WHERE clauses of an admin's filtered list; a zero value filters nothing.
type conditions struct {
	clauses []string
	args    []any
}

// add appends a clause and its arguments.
func (c *conditions) add(clause string, args ...any) {
	c.clauses, c.args = append(c.clauses, clause), append(c.args, args...)
}

// equal filters column = value unless value is empty (the filter's "all").
func (c *conditions) equal(column, value string) {
	if value != "" {
		c.add(column+` = ?`, value)
	}
}

// between keeps rows whose time column falls in [from, to]; a zero end is open.
func (c *conditions) between(column string, from, to time.Time) {
	if !from.IsZero() {
		c.add(column+` >= ?`, from.UnixMilli())
	}
	if !to.IsZero() {
		c.add(column+` <= ?`, to.UnixMilli())
	}
}

// user keeps the rows of users u matching the admin's search (id, phone or name) unless it is empty.
func (c *conditions) user(search string) {
	if search != "" {
		clause, args := userSearch(search)
		c.add(clause, args...)
	}
}

// where is the WHERE part, or "" when nothing filters.
func (c *conditions) where() string {
	if len(c.clauses) == 0 {
		return ""
	}
	return ` WHERE ` + strings.Join(c.clauses, ` AND `)
}

// limited is the query's arguments followed by its LIMIT, fallback when the caller gave none.
func (c *conditions) limited(limit, fallback int) []any {
	if limit <= 0 {
		limit = fallback
	}
	return append(c.args, limit)
}

// collect scans every row with scan, closing the rows; a failed query's error passes through.
func collect[T any](rows interface {
	Next() bool
	Close() error
	Err() error
	Scan(...any) error
}, err error, scan func(row interface{ Scan(...any) error }) (T, error)) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
