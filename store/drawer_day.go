package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"goldshop/iran"
)

// DrawerDay is the cash drawer's day at the counter (issue 39): the opening cash (the last close's counted
// cash), the day's movements by how they were paid, and the close standing for it if any. Rial unless
// named; gold as 750-equivalent milligrams. An invoice voided (on its own day) counts in Invoices and Voids
// and in none of the money: its void gave every payment back.
type DrawerDay struct {
	Day                   string // Tehran, YYYY-MM-DD
	Start, End            time.Time
	OpeningCash           int64
	CashIn, CashOut       int64
	Card, Transfer        int64 // the transfer's net: paid to the shop less paid out
	WalletIn, WalletOut   int64
	GoldIn750, GoldOut750 int64
	Invoices, Voids       int64
	VAT                   int64
	DrawerIn, DrawerOut   int64 // the owner's movements of cash
	Moves                 []DrawerMove
	Close                 *DrawerClose
}

// ExpectedCash is what the drawer should hold at the day's end.
func (d DrawerDay) ExpectedCash() int64 {
	return d.OpeningCash + d.CashIn - d.CashOut + d.DrawerIn - d.DrawerOut
}

// DrawerMove is cash the owner took from the drawer or put in it, with its reason.
type DrawerMove struct {
	ID          int64
	Day         string
	Direction   string // in, out
	Counterpart string // bank, owner
	AmountRial  int64
	Reason      string
	AdminID     int64
	AdminName   string
	CreatedAt   time.Time
}

// DrawerClose is a day's close: the cash counted against the expected, and who closed it.
type DrawerClose struct {
	ID                                     int64
	Day                                    string
	Status                                 string // closed, reopened
	OpeningCash, ExpectedCash, CountedCash int64
	Difference                             int64
	Note                                   string
	ClosedBy                               int64
	ClosedByName                           string
	ClosedAt                               time.Time
}

// Drawer movement sides and counterparts.
const (
	DrawerIn           = "in"
	DrawerOut          = "out"
	DrawerBank         = "bank"
	DrawerOwner        = "owner"
	closeStanding      = "closed"
	closeReopened      = "reopened"
	drawerJournalClose = "closed"
)

// Refusals of the day's close and the drawer, each a 409 with its own message.
var (
	ErrDayClosed = errors.New("store: the day is closed")
	ErrDayNotYet = errors.New("store: the day has not come")
	// ErrDayNotClosed: only a closed day is reopened.
	ErrDayNotClosed = errors.New("store: the day is not closed")
	// ErrDayLaterClosed: a day closed after this one took its counted cash as its opening.
	ErrDayLaterClosed = errors.New("store: a later day is closed")
	// ErrDrawerShort: the drawer does not hold the cash asked to leave it.
	ErrDrawerShort = errors.New("store: the drawer does not hold that much")
)

// EarlierDayOpenError refuses a close while an earlier day with movements is not closed: its closing cash
// is this day's opening.
type EarlierDayOpenError struct{ Day string }

func (e *EarlierDayOpenError) Error() string { return "store: day " + e.Day + " is not closed" }

// dayText is a Tehran day as the drawer names it.
func dayText(t time.Time) string { return t.In(iran.Tehran).Format(time.DateOnly) }

// dayBounds are the Tehran midnights that begin and end day (any time on it).
func dayBounds(day time.Time) (start, end time.Time) {
	start = iran.DayStart(day)
	return start, iran.DayStart(start.Add(36 * time.Hour))
}

// Drawer reads day (any time on it) as the drawer saw it.
func (s *Store) Drawer(ctx context.Context, day time.Time) (DrawerDay, error) {
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return DrawerDay{}, err
	}
	defer tx.Rollback()
	return drawerDay(ctx, tx, day)
}

// drawerDaySQL computes a day's figures from its invoices and movements, in [?1, ?2) and for day ?3.
const drawerDaySQL = `SELECT
	IFNULL((SELECT counted_cash FROM drawer_closes WHERE status = 'closed' AND day < ?3 ORDER BY day DESC LIMIT 1), 0),
	IFNULL(SUM(IIF(p.method = 'cash' AND p.direction = 'in', p.amount_rial, 0)), 0),
	IFNULL(SUM(IIF(p.method = 'cash' AND p.direction = 'out', p.amount_rial, 0)), 0),
	IFNULL(SUM(IIF(p.method = 'card', p.amount_rial, 0)), 0),
	IFNULL(SUM(IIF(p.method = 'transfer', IIF(p.direction = 'in', p.amount_rial, -p.amount_rial), 0)), 0),
	IFNULL(SUM(IIF(p.method IN ('wallet_rial', 'wallet_gold') AND p.direction = 'in', p.amount_rial, 0)), 0),
	IFNULL(SUM(IIF(p.method = 'wallet_rial' AND p.direction = 'out', p.amount_rial, 0)), 0),
	(SELECT IFNULL(SUM(IIF(l.side = 'buy_back', l.weight750_mg, 0)), 0) FROM counter_invoices c
		JOIN counter_lines l ON l.invoice_id = c.id WHERE c.created_at >= ?1 AND c.created_at < ?2 AND c.status = 'recorded'),
	(SELECT IFNULL(SUM(IIF(l.side = 'sale', l.weight750_mg, 0)), 0) FROM counter_invoices c
		JOIN counter_lines l ON l.invoice_id = c.id WHERE c.created_at >= ?1 AND c.created_at < ?2 AND c.status = 'recorded'),
	(SELECT COUNT(*) FROM counter_invoices WHERE created_at >= ?1 AND created_at < ?2),
	(SELECT COUNT(*) FROM counter_invoices WHERE voided_at >= ?1 AND voided_at < ?2),
	(SELECT IFNULL(SUM(vat_rial), 0) FROM counter_invoices WHERE created_at >= ?1 AND created_at < ?2 AND status = 'recorded'),
	(SELECT IFNULL(SUM(amount_rial), 0) FROM drawer_moves WHERE day = ?3 AND direction = 'in'),
	(SELECT IFNULL(SUM(amount_rial), 0) FROM drawer_moves WHERE day = ?3 AND direction = 'out')
	FROM counter_invoices c JOIN counter_payments p ON p.invoice_id = c.id
	WHERE c.created_at >= ?1 AND c.created_at < ?2 AND c.status = 'recorded'`

func drawerDay(ctx context.Context, q queryer, day time.Time) (DrawerDay, error) {
	d := DrawerDay{Day: dayText(day)}
	d.Start, d.End = dayBounds(day)
	if err := q.QueryRowContext(ctx, drawerDaySQL, d.Start.UnixMilli(), d.End.UnixMilli(), d.Day).Scan(&d.OpeningCash,
		&d.CashIn, &d.CashOut, &d.Card, &d.Transfer, &d.WalletIn, &d.WalletOut, &d.GoldIn750, &d.GoldOut750,
		&d.Invoices, &d.Voids, &d.VAT, &d.DrawerIn, &d.DrawerOut); err != nil {
		return d, err
	}
	rows, err := q.QueryContext(ctx, drawerMoveSelect+` WHERE m.day = ? ORDER BY m.id`, d.Day)
	if d.Moves, err = collect(rows, err, scanDrawerMove); err != nil {
		return d, err
	}
	c, err := scanDrawerClose(q.QueryRowContext(ctx, `SELECT `+drawerCloseColumns+` FROM drawer_closes c
		WHERE c.day = ? AND c.status = 'closed'`, d.Day))
	switch {
	case err == nil:
		d.Close = &c
	case !errors.Is(err, ErrNotFound):
		return d, err
	}
	return d, nil
}

const drawerMoveSelect = `SELECT m.id, m.day, m.direction, m.counterpart, m.amount_rial, m.reason, m.admin_id,
	(SELECT TRIM(first_name || ' ' || last_name) FROM users WHERE id = m.admin_id), m.created_at FROM drawer_moves m`

func scanDrawerMove(row interface{ Scan(...any) error }) (DrawerMove, error) {
	var m DrawerMove
	var at int64
	err := row.Scan(&m.ID, &m.Day, &m.Direction, &m.Counterpart, &m.AmountRial, &m.Reason, &m.AdminID, &m.AdminName, &at)
	m.CreatedAt = time.UnixMilli(at).UTC()
	return m, err
}

const drawerCloseColumns = `c.id, c.day, c.status, c.opening_cash, c.expected_cash, c.counted_cash, c.difference,
	c.note, c.closed_by, (SELECT TRIM(first_name || ' ' || last_name) FROM users WHERE id = c.closed_by), c.closed_at`

func scanDrawerClose(row interface{ Scan(...any) error }) (DrawerClose, error) {
	var c DrawerClose
	var at int64
	err := row.Scan(&c.ID, &c.Day, &c.Status, &c.OpeningCash, &c.ExpectedCash, &c.CountedCash, &c.Difference, &c.Note,
		&c.ClosedBy, &c.ClosedByName, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrNotFound
	}
	c.ClosedAt = time.UnixMilli(at).UTC()
	return c, err
}

// ensureDayOpen refuses, with ErrDayClosed, a change to the drawer on a Tehran day already closed: an
// invoice, a void or a movement of cash.
func ensureDayOpen(ctx context.Context, q queryer, now time.Time) error {
	var closed bool
	if err := q.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM drawer_closes WHERE day = ? AND status = 'closed')`,
		dayText(now)).Scan(&closed); err != nil {
		return err
	}
	if closed {
		return ErrDayClosed
	}
	return nil
}

// tehranOffsetMs is Tehran's offset from UTC: +03:30 all year since 1401 (2022), before the counter existed,
// so the days of its invoices are grouped in SQL by it.
const tehranOffsetMs = 12_600_000

// UnclosedDays are the Tehran days, oldest first, on which the drawer moved (an invoice, a void or the
// owner's cash) and that no close stands for.
func (s *Store) UnclosedDays(ctx context.Context) ([]string, error) {
	return unclosedDays(ctx, s.read, "9999-12-31")
}

// unclosedDays are those before the day before.
func unclosedDays(ctx context.Context, q queryer, before string) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT day FROM (
			SELECT DISTINCT date((created_at + ?1) / 1000, 'unixepoch') AS day FROM counter_invoices
			UNION SELECT DISTINCT day FROM drawer_moves)
		WHERE day < ?2 AND day NOT IN (SELECT day FROM drawer_closes WHERE status = 'closed') ORDER BY day`,
		tehranOffsetMs, before)
	return collect(rows, err, func(row interface{ Scan(...any) error }) (string, error) {
		var d string
		return d, row.Scan(&d)
	})
}

// EnsureDayOpen is ensureDayOpen outside a transaction: a check before a step that texts a customer.
func (s *Store) EnsureDayOpen(ctx context.Context, now time.Time) error {
	return ensureDayOpen(ctx, s.read, now)
}
