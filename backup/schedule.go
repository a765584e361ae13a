package backup

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// ErrBusy is returned by Run while another backup is being written.
var ErrBusy = errors.New("backup: a backup is already running")

// Config is where and how often the Service writes archives.
type Config struct {
	Dir   string        // the backup folder; it holds nothing but archives
	Data  string        // the data folder: its uploads/ go into each archive, its temporary files stay in it
	Every time.Duration // time between scheduled backups; 0 writes one only when asked
	Keep  int           // archives kept; older ones are deleted after each backup
}

// Run is how the last backup went. NoRoom: a scheduled one was not started for lack of room (ErrNoRoom).
type Run struct {
	At     time.Time
	OK     bool
	Error  string
	NoRoom bool
}

// Service writes an archive every Config.Every and whenever the owner asks, one at a time.
type Service struct {
	cfg    Config
	db     Snapshotter
	log    *slog.Logger
	cancel context.CancelFunc
	ctx    context.Context
	wg     sync.WaitGroup

	running sync.Mutex // held while an archive is written

	mu       sync.Mutex
	last     Run
	verified map[verifyKey]bool // archives read back, by name, size and time
}

type verifyKey struct {
	name    string
	size    int64
	modTime time.Time
}

// Start makes the backup folder and starts the schedule: the first scheduled backup is due Every after the
// newest archive (at once when there is none), so restarts do not postpone backups.
func Start(cfg Config, db Snapshotter, log *slog.Logger) (*Service, error) {
	if cfg.Keep < 1 {
		return nil, fmt.Errorf("backup: keep must be at least 1, not %d", cfg.Keep)
	}
	if cfg.Every < 0 {
		return nil, fmt.Errorf("backup: the interval %s is negative", cfg.Every)
	}
	if err := os.MkdirAll(cfg.Dir, 0o750); err != nil {
		return nil, err
	}
	if err := removeTemps(cfg.Dir); err != nil {
		log.Warn("removing unfinished backups", slog.String("error", err.Error()))
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Service{cfg: cfg, db: db, log: log, ctx: ctx, cancel: cancel, verified: map[verifyKey]bool{}}
	if cfg.Every > 0 {
		next := time.Now()
		if files, err := List(cfg.Dir); err == nil && len(files) > 0 {
			next = files[0].CreatedAt.Add(cfg.Every)
		}
		s.wg.Add(1)
		go s.schedule(next)
	}
	return s, nil
}

func (s *Service) schedule(next time.Time) {
	defer s.wg.Done()
	for {
		t := time.NewTimer(time.Until(next))
		select {
		case <-s.ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		started := time.Now()
		if err := s.runScheduled(); errors.Is(err, ErrBusy) {
			s.log.Info("scheduled backup skipped: one is running")
		}
		next = started.Add(s.cfg.Every)
	}
}

// runScheduled writes a scheduled archive where there is room for it (makeRoom), and else records why not.
func (s *Service) runScheduled() error {
	if !s.running.TryLock() {
		return ErrBusy
	}
	err := s.makeRoom()
	s.running.Unlock()
	if err != nil {
		s.log.Warn("scheduled backup skipped", slog.String("error", err.Error()))
		s.mu.Lock()
		s.last = Run{At: time.Now().UTC(), Error: err.Error(), NoRoom: true}
		s.mu.Unlock()
		return err
	}
	_, err = s.Run()
	return err
}

// Run writes one archive now and prunes the old ones; ErrBusy when one is already being written. It runs
// in the service's own context, so an owner who closes the page does not cancel it.
func (s *Service) Run() (File, error) {
	if !s.running.TryLock() {
		return File{}, ErrBusy
	}
	defer s.running.Unlock()
	start := time.Now()
	f, err := Write(s.ctx, s.db, s.cfg.Data, s.cfg.Dir)
	run := Run{At: start.UTC(), OK: err == nil}
	if err != nil {
		run.Error = err.Error()
		s.log.Error("backup failed", slog.String("error", run.Error))
	} else {
		s.log.Info("backup written", slog.String("name", f.Name), slog.Int64("bytes", f.Size),
			slog.Duration("took", time.Since(start)))
		if removed, perr := Prune(s.cfg.Dir, s.cfg.Keep); perr != nil {
			s.log.Warn("pruning old backups", slog.String("error", perr.Error()))
		} else if len(removed) > 0 {
			s.log.Info("old backups removed", slog.Any("names", removed))
		}
	}
	s.mu.Lock()
	s.last = run
	if err == nil {
		if key, ok := s.keyOf(f.Name); ok {
			s.verified[key] = true
		}
	}
	s.mu.Unlock()
	return f, err
}

// List returns the archives, newest first, each marked OK when it reads back whole, and how the last
// backup went. Before this process has run one, the last run is the newest archive.
func (s *Service) List() ([]File, Run, error) {
	files, err := List(s.cfg.Dir)
	if err != nil {
		return nil, Run{}, err
	}
	for i := range files {
		files[i].OK = s.verify(files[i].Name)
	}
	s.mu.Lock()
	last := s.last
	s.mu.Unlock()
	if last.At.IsZero() && len(files) > 0 {
		last = Run{At: files[0].CreatedAt, OK: files[0].OK}
	}
	return files, last, nil
}

// verify reads an archive back once per name, size and modification time, and remembers the answer.
func (s *Service) verify(name string) bool {
	key, ok := s.keyOf(name)
	if !ok {
		return false
	}
	s.mu.Lock()
	good, seen := s.verified[key]
	s.mu.Unlock()
	if seen {
		return good
	}
	good = Verify(filepath.Join(s.cfg.Dir, name)) == nil
	s.mu.Lock()
	s.verified[key] = good
	s.mu.Unlock()
	return good
}

func (s *Service) keyOf(name string) (verifyKey, bool) {
	if !ValidName(name) {
		return verifyKey{}, false
	}
	st, err := os.Stat(s.cfg.Dir + string(os.PathSeparator) + name)
	if err != nil {
		return verifyKey{}, false
	}
	return verifyKey{name, st.Size(), st.ModTime()}, true
}

// Open opens the archive called name for download; store.ErrNotFound when there is none.
func (s *Service) Open(name string) (*os.File, File, error) {
	f, info, err := Open(s.cfg.Dir, name)
	if err == nil {
		info.OK = s.verify(name)
	}
	return f, info, err
}

// Close stops the schedule and waits for a backup being written to stop.
func (s *Service) Close() {
	s.cancel()
	s.wg.Wait()
	s.running.Lock()
	defer s.running.Unlock()
}
