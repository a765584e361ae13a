package app

import (
	"net/http"
	"path/filepath"
	"sync/atomic"
	"time"

	"goldshop/internal/diskspace"
)

// Storage (issue 28): a write refused for lack of space is said plainly (507, msgStorageFull) to whoever
// asked, and the owner sees how much room the data folder's and the backup folder's file systems have left.

// The levels of a file system's free space.
const (
	storageOK   = "ok"
	storageLow  = "low"  // under diskspace.Floor is free: a tenth of it, or 500 MB
	storageFull = "full" // a write was refused for space in the last fullFor
)

// fullFor is how long a write refused for space keeps the level at full (unless room comes back).
const fullFor = 5 * time.Minute

// storageWatch remembers when a write was last refused for space (unix milliseconds, 0: never) and how much
// the data folder's file system had free then.
type storageWatch struct {
	lastFull   atomic.Int64
	freeAtFull atomic.Int64
}

// roomRegained is how much more room than at the last refusal counts as space come back: the level leaves
// "full" then, without waiting out fullFor.
const roomRegained = 1 << 20

// noteStorageFull records a write refused for space now.
func (a *App) noteStorageFull() {
	free, _, _ := diskspace.Room(a.dataDir())
	a.storage.freeAtFull.Store(int64(free))
	a.storage.lastFull.Store(a.now().UnixMilli())
}

// errStorageFull answers a write refused for space: 507, never a 400 that blames the caller's input.
func errStorageFull() error { return &apiError{http.StatusInsufficientStorage, msgStorageFull} }

// storageView is one file system's room, as GET /api/admin/storage says it.
type storageView struct {
	FreeBytes  int64      `json:"free_bytes"`
	TotalBytes int64      `json:"total_bytes"`
	Level      string     `json:"level"`
	LastFullAt *time.Time `json:"last_full_at"`
}

// storageOf is the room of dir's file system and its level. "full" is a write refused for space in the last
// fullFor, unless the data folder has regained room since; the refusal counts against every file system the
// shop writes to, since it cannot always tell which one refused.
func (a *App) storageOf(dir string) storageView {
	v := storageView{Level: storageOK}
	if free, total, low, ok := FolderRoom(dir); ok {
		v.FreeBytes, v.TotalBytes = int64(free), int64(total)
		if low {
			v.Level = storageLow
		}
	}
	if ms := a.storage.lastFull.Load(); ms != 0 {
		at := time.UnixMilli(ms).UTC()
		v.LastFullAt = &at
		dataFree, _, known := diskspace.Room(a.dataDir())
		regained := known && int64(dataFree) >= a.storage.freeAtFull.Load()+roomRegained
		if a.now().Sub(at) < fullFor && !regained {
			v.Level = storageFull
		}
	}
	return v
}

// FolderRoom is the free and total bytes of dir's file system and whether that is low (under 10 % or 500 MB
// free); ok is false where the system cannot say.
func FolderRoom(dir string) (free, total uint64, low, ok bool) {
	free, total, ok = diskspace.Room(dir)
	return free, total, ok && diskspace.Low(free, total), ok
}

// dataDir is the folder the database and uploads live in.
func (a *App) dataDir() string {
	if a.dataFolder != "" {
		return a.dataFolder
	}
	return filepath.Dir(a.uploads)
}

// storageLevel is the worse level of the data folder's and the backup folder's file systems.
func (a *App) storageLevel() string {
	level := a.storageOf(a.dataDir()).Level
	if a.backupFolder != "" {
		if b := a.storageOf(a.backupFolder).Level; rank[b] > rank[level] {
			level = b
		}
	}
	return level
}

var rank = map[string]int{storageOK: 0, storageLow: 1, storageFull: 2}

// adminStorage answers GET /api/admin/storage (owner and staff): the data folder's file system at the top
// level, and the backup folder's under "backups" (null when the shop keeps no backups).
func (a *App) adminStorage(w http.ResponseWriter, r *http.Request) error {
	out := struct {
		storageView
		Backups *storageView `json:"backups"`
	}{storageView: a.storageOf(a.dataDir())}
	if a.backupFolder != "" {
		b := a.storageOf(a.backupFolder)
		out.Backups = &b
	}
	return okJSON(w, out)
}
