package backup

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"

	"goldshop/internal/diskspace"
)

// ErrNoRoom is a scheduled backup not started because it would leave the data or backup folder's file system
// under the low floor (diskspace.Floor): a backup must never be what fills the disk the money is written to.
var ErrNoRoom = errors.New("backup: not enough room")

// makeRoom makes sure the next archive leaves both file systems above the floor: when it would not, it prunes
// first where Keep allows (down to Keep-1 archives, since the new one makes Keep, and never the last one),
// and else says why with ErrNoRoom.
func (s *Service) makeRoom() error {
	need := s.need()
	if s.roomFor(need) == "" {
		return nil
	}
	if removed, err := Prune(s.cfg.Dir, max(s.cfg.Keep-1, 1)); err != nil {
		s.log.Warn("pruning before a backup", slog.String("error", err.Error()))
	} else if len(removed) > 0 {
		s.log.Info("old backups removed to make room", slog.Any("names", removed))
	}
	short := s.roomFor(need)
	if short == "" {
		return nil
	}
	return fmt.Errorf("%w: the next archive needs about %d MB and would leave %s under its floor", ErrNoRoom, need>>20, short)
}

// roomFor names the folder (data or backups) whose file system would fall under the floor after writing
// need bytes, or "" when both have room. A file system that cannot be asked is taken to have room.
func (s *Service) roomFor(need uint64) string {
	for _, dir := range []string{s.cfg.Data, s.cfg.Dir} {
		free, total, ok := diskspace.Room(dir)
		if ok && (free < need || free-need < diskspace.Floor(total)) {
			return dir
		}
	}
	return ""
}

// need is about what the next archive takes while it is written: a snapshot of the database in the data
// folder and the archive itself, as big as the newest one (or, before the first, the database and uploads).
func (s *Service) need() uint64 {
	db := fileSize(filepath.Join(s.cfg.Data, DBName)) + fileSize(filepath.Join(s.cfg.Data, DBName+"-wal"))
	if files, err := List(s.cfg.Dir); err == nil && len(files) > 0 {
		return db + uint64(files[0].Size)
	}
	var uploads uint64
	_ = filepath.WalkDir(filepath.Join(s.cfg.Data, uploadsDir), func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				uploads += uint64(info.Size())
			}
		}
		return nil
	})
	return 2*db + uploads
}

func fileSize(path string) uint64 {
	info, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return uint64(info.Size())
}
