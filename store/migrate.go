package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one numbered SQL file; the list is append-only: a released file is never edited.
type migration struct {
	version int
	name    string
	sql     string
}

func loadMigrations() ([]migration, error) {
	entries, err := fs.ReadDir(migrationFiles, "migrations")
	if err != nil {
		return nil, err
	}
	var list []migration
	for _, e := range entries {
		num, rest, ok := strings.Cut(e.Name(), "_")
		version, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("migration %q: name must be NNNN_name.sql", e.Name())
		}
		body, err := fs.ReadFile(migrationFiles, "migrations/"+e.Name())
		if err != nil {
			return nil, err
		}
		list = append(list, migration{version, strings.TrimSuffix(rest, ".sql"), string(body)})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].version < list[j].version })
	return list, nil
}

// migrate applies, in order, every migration the database has not recorded yet, each in its own
// transaction together with its record, so running it twice (or from two processes) is harmless.
func (s *Store) migrate(ctx context.Context) error {
	list, err := loadMigrations()
	if err != nil {
		return err
	}
	if _, err := s.write.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY,
		name TEXT NOT NULL,
		applied_at INTEGER NOT NULL
	) STRICT`); err != nil {
		return fmt.Errorf("migrations table: %w", err)
	}
	for _, m := range list {
		if strings.HasPrefix(m.sql, widenChecks) {
			if err := s.migrateWidenChecks(ctx, m); err != nil {
				return fmt.Errorf("migration %04d_%s: %w", m.version, m.name, err)
			}
			continue
		}
		if strings.HasPrefix(m.sql, foreignKeysOff) {
			if err := s.migrateWithoutForeignKeys(ctx, m); err != nil {
				return fmt.Errorf("migration %04d_%s: %w", m.version, m.name, err)
			}
			continue
		}
		err := s.InTx(ctx, func(tx *sql.Tx) error {
			var done int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = ?`, m.version).Scan(&done); err != nil {
				return err
			}
			if done > 0 {
				return nil
			}
			if _, err := tx.ExecContext(ctx, m.sql); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
				m.version, m.name, time.Now().UnixMilli())
			return err
		})
		if err != nil {
			return fmt.Errorf("migration %04d_%s: %w", m.version, m.name, err)
		}
	}
	return s.optimizeAtOpen(ctx)
}

// optimizeAtOpen gathers the planner's statistics where they are missing or stale, as SQLite recommends for
// a long-lived connection (https://sqlite.org/lang_analyze.html#pragopt): without them the planner cannot
// tell that a range on journals.created_at selects a few rows of a million, and scans every posting. The
// analysis limit keeps it to milliseconds on any size.
func (s *Store) optimizeAtOpen(ctx context.Context) error {
	if _, err := s.write.ExecContext(ctx, `PRAGMA analysis_limit = 1000`); err != nil {
		return fmt.Errorf("analysis limit: %w", err)
	}
	return s.optimize(ctx, s.write, `PRAGMA optimize = 0x10002`)
}

// Optimize refreshes the planner's statistics that have gone stale, cheaply; a long-running server calls it
// now and then (SQLite's advice: every few hours), and the committer after every optimizeEvery groups.
func (s *Store) Optimize(ctx context.Context) error {
	return s.optimize(ctx, s.write, `PRAGMA optimize`)
}

// optimize runs pragma on the writer (q: the pool, or the committer's connection between groups) and, when it
// changed the statistics, retires the read connections that plan by the old ones (connections.go).
func (s *Store) optimize(ctx context.Context, q queryer, pragma string) error {
	before, err := statistics(ctx, q)
	if err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, pragma); err != nil {
		return fmt.Errorf("optimize: %w", err)
	}
	after, err := statistics(ctx, q)
	if after != before {
		s.stats.Add(1)
	}
	return err
}

// statistics is the planner's statistics as one text ("" before the first ANALYZE makes their table).
func statistics(ctx context.Context, q queryer) (string, error) {
	var made bool
	stats := ""
	err := q.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1')`).Scan(&made)
	if err == nil && made {
		err = q.QueryRowContext(ctx, `SELECT IFNULL(group_concat(tbl || ' ' || IFNULL(idx, '') || ' ' || stat, ';'), '')
			FROM sqlite_stat1`).Scan(&stats)
	}
	if err != nil {
		return "", fmt.Errorf("statistics: %w", err)
	}
	return stats, nil
}

// MigrationVersions lists the versions recorded in the database, oldest first.
func (s *Store) MigrationVersions(ctx context.Context) ([]int, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT version FROM schema_migrations ORDER BY version`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// foreignKeysOff opens a migration that rebuilds a table other tables refer to.
const foreignKeysOff = "-- migrate: foreign keys off\n"

// migrateWithoutForeignKeys applies such a migration as SQLite's procedure for schema changes asks
// (https://sqlite.org/lang_altertable.html#otheralter): on the writer's connection with foreign keys off,
// because dropping the old table would otherwise count its children as orphans until commit, then every
// foreign key checked inside the transaction, so a rebuild that lost a row fails and changes nothing.
func (s *Store) migrateWithoutForeignKeys(ctx context.Context, m migration) (err error) {
	conn, err := s.write.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `PRAGMA foreign_keys = OFF`); err != nil {
		return err
	}
	defer func() {
		if _, on := conn.ExecContext(context.WithoutCancel(ctx), `PRAGMA foreign_keys = ON`); on != nil {
			// a writer left without foreign keys must not serve: drop the connection, fail the open
			_ = conn.Raw(func(any) error { return driver.ErrBadConn })
			err = errors.Join(err, on)
		}
	}()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var done, orphans int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = ?`, m.version).Scan(&done); err != nil || done > 0 {
		return err
	}
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return err
	}
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM pragma_foreign_key_check`).Scan(&orphans); err != nil {
		return err
	}
	if orphans > 0 {
		return fmt.Errorf("%d rows would refer to rows that are gone", orphans)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
		m.version, m.name, time.Now().UnixMilli()); err != nil {
		return err
	}
	return tx.Commit()
}

// widenChecks opens a migration that edits tables' CHECK constraints to allow more values.
const widenChecks = "-- migrate: widen checks\n"

// migrateWidenChecks applies such a migration by SQLite's simpler procedure for changes that leave what is
// stored valid (https://sqlite.org/lang_altertable.html#otheralter): in one transaction on the writer, the
// tables' texts in sqlite_schema are edited with writable_schema on, the schema version is raised so every
// connection reads the new texts, and the database is checked before it commits. Each edit must change the
// text it names (a replace that found nothing fails the migration).
func (s *Store) migrateWidenChecks(ctx context.Context, m migration) error {
	conn, err := s.write.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var done, version int64
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = ?`, m.version).Scan(&done); err != nil || done > 0 {
		return err
	}
	if err := tx.QueryRowContext(ctx, `PRAGMA schema_version`).Scan(&version); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `PRAGMA writable_schema = ON`); err != nil {
		return err
	}
	for _, stmt := range strings.Split(stripComments(m.sql), ";") {
		if strings.TrimSpace(stmt) == "" {
			continue
		}
		res, err := tx.ExecContext(ctx, stmt)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return fmt.Errorf("an edit changed %d tables, not one (%v): %s", n, err, strings.TrimSpace(stmt))
		}
	}
	if _, err := tx.ExecContext(ctx, `PRAGMA schema_version = `+strconv.FormatInt(version+1, 10)); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `PRAGMA writable_schema = OFF`); err != nil {
		return err
	}
	var check string
	if err := tx.QueryRowContext(ctx, `PRAGMA quick_check`).Scan(&check); err != nil || check != "ok" {
		return fmt.Errorf("quick_check after the edit: %q %v", check, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
		m.version, m.name, time.Now().UnixMilli()); err != nil {
		return err
	}
	return tx.Commit()
}

// stripComments drops a SQL text's "--" comment lines.
func stripComments(sql string) string {
	var b strings.Builder
	for _, line := range strings.Split(sql, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "--") {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}
