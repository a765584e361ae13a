package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"sync/atomic"

	"modernc.org/sqlite"
)

// The store's two pools open their connections through connectors of their own: the writer's carry the hook
// that watches its rows (row_watch.go), the readers' the statistics they plan by.

// sqliteDriver is the registered cgo-free driver.
func sqliteDriver() (driver.Driver, error) {
	probe, err := sql.Open("sqlite", ":memory:") // only to reach the driver; it never connects
	if err != nil {
		return nil, err
	}
	defer probe.Close()
	return probe.Driver(), nil
}

// writeConnector opens the writer connection with its pre-update hook (row_watch.go).
type writeConnector struct {
	dsn   string
	drv   driver.Driver
	watch *rowWatch
}

func (c writeConnector) Connect(context.Context) (driver.Conn, error) {
	conn, err := c.drv.Open(c.dsn)
	if err != nil {
		return nil, err
	}
	conn.(sqlite.HookRegisterer).RegisterPreUpdateHook(c.watch.rowChanged)
	return conn, nil
}

func (c writeConnector) Driver() driver.Driver { return c.drv }

// openWritePool opens the one-connection writer over path.
func openWritePool(path string, watch *rowWatch) (*sql.DB, error) {
	drv, err := sqliteDriver()
	if err != nil {
		return nil, err
	}
	db := sql.OpenDB(writeConnector{dsn: dsn(path, false), drv: drv, watch: watch})
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	return db, nil
}

// SQLite reads the planner's statistics (sqlite_stat1) when a connection opens and never again, even after
// the writer's ANALYZE has replaced them: a reader opened while the shop was new would plan every query of
// a grown shop by an empty shop's figures (a full scan of accounts for one customer's balance). So the read
// pool's connections carry the statistics' generation they were opened under, and one opened before the
// statistics last changed is retired the next time it comes back to the pool or is taken from it; the pool
// opens a new one in its place, which reads the new figures.

// sqliteConn is what database/sql uses of the driver's connections; embedding it passes every method on.
type sqliteConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

// readConnector opens the read pool's connections, each stamped with the statistics' current generation.
type readConnector struct {
	dsn   string
	drv   driver.Driver
	stats *atomic.Int64 // the generation of the planner's statistics, bumped when the writer's ANALYZE changes them
}

func (c readConnector) Connect(context.Context) (driver.Conn, error) {
	born := c.stats.Load()
	conn, err := c.drv.Open(c.dsn)
	if err != nil {
		return nil, err
	}
	return &readerConn{sqliteConn: conn.(sqliteConn), born: born, stats: c.stats}, nil
}

func (c readConnector) Driver() driver.Driver { return c.drv }

// readerConn is a read connection that knows which statistics it planned by.
type readerConn struct {
	sqliteConn
	born  int64
	stats *atomic.Int64
}

func (r *readerConn) current() bool { return r.born == r.stats.Load() }

// IsValid keeps the connection in the pool only while its statistics are current.
func (r *readerConn) IsValid() bool { return r.current() && r.sqliteConn.IsValid() }

// ResetSession retires a connection taken from the pool with old statistics; database/sql then takes another.
func (r *readerConn) ResetSession(ctx context.Context) error {
	if !r.current() {
		return driver.ErrBadConn
	}
	return r.sqliteConn.ResetSession(ctx)
}

// openReadPool opens the read-only pool over path.
func openReadPool(path string, stats *atomic.Int64) (*sql.DB, error) {
	drv, err := sqliteDriver()
	if err != nil {
		return nil, err
	}
	return sql.OpenDB(readConnector{dsn: dsn(path, true), drv: drv, stats: stats}), nil
}
