package store

import (
	"sync/atomic"

	"modernc.org/sqlite"
)

// rowWatch is the writer connection's pre-update hook: it sees every row the shop's transactions insert,
// update or delete, and notes what must follow once the transaction has ended (settleWrites): the index of
// logins drops what a change staled, and the live notifications look for new rows only after a commit that
// wrote some (not after every commit of the shop), once it is on disk.
type rowWatch struct {
	auth     *authIndex
	notified atomic.Bool // a notification was inserted by the transaction in progress
	// rules watches price_settings (writer_rules.go), reserve the tables the reserve guard's slow figures
	// come from (writer_reserve.go)
	rules, reserve tableWatch
}

// reserveTables are the tables the reserve guard's slow figures are read from (reserveSQL).
var reserveTables = map[string]bool{"vault_items": true, "melt_batches": true, "gold_requests": true,
	"reserve_settings": true}

func (w *rowWatch) rowChanged(d sqlite.SQLitePreUpdateData) {
	if d.DatabaseName != "main" {
		return
	}
	if d.TableName == "price_settings" {
		w.rules.rowChanged()
		return
	}
	if reserveTables[d.TableName] {
		w.reserve.rowChanged()
		return
	}
	if d.TableName == "notifications" {
		if d.Op == sqliteInsert {
			w.notified.Store(true)
		}
		return
	}
	w.auth.rowChanged(d)
}

// settleWrites follows a transaction of the writer that has ended, committed or not, before anyone is told
// of its outcome, and reports whether it wrote notifications (to be signalled once it is durable).
func (s *Store) settleWrites() (notified bool) {
	s.auth.settle()
	s.watch.rules.settle()
	s.watch.reserve.settle()
	return s.watch.notified.Swap(false)
}

// signalNotifications wakes the live notifications after a durable commit that wrote some.
func (s *Store) signalNotifications() {
	select {
	case s.notifications <- struct{}{}:
	default: // one is pending already: its reader looks at everything new
	}
}

// NewNotifications is signalled after a commit that wrote notifications, many commits folding into one
// signal while nobody reads it: the live notifications look again each time, and never before the commit.
func (s *Store) NewNotifications() <-chan struct{} { return s.notifications }
