package app

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"regexp"
	"time"

	"github.com/go-chi/chi/v5"

	"goldshop/store"
)

// BackupFile is one backup archive in the backup folder.
type BackupFile struct {
	Name      string
	Size      int64
	CreatedAt time.Time // when its database snapshot began
	OK        bool      // it reads back whole
}

// BackupRun is how the last scheduled or requested backup went.
type BackupRun struct {
	At    time.Time
	OK    bool
	Error string
	// NoRoom: a scheduled backup was not started, since it would have left the disk under its floor
	NoRoom bool
}

// ErrBackupRunning is what Backups.Run returns while another backup is being written.
var ErrBackupRunning = errors.New("app: a backup is already running")

// Backups is the server's backup schedule as the owner sees it.
type Backups interface {
	// List returns the archives, newest first, and how the last backup went.
	List(ctx context.Context) ([]BackupFile, BackupRun, error)
	// Run writes one archive now; ErrBackupRunning while another is being written.
	Run(ctx context.Context) (BackupFile, error)
	// Open returns the archive called name; store.ErrNotFound when there is none.
	Open(name string) (io.ReadSeekCloser, BackupFile, error)
}

// backupName is the only shape of name the download looks up; anything else is 404 before any file is touched.
var backupName = regexp.MustCompile(`^goldshop-[0-9]{8}T[0-9]{6}Z\.tar\.gz$`)

type backupView struct {
	Name      string `json:"name"`
	Size      int64  `json:"size"`
	CreatedAt string `json:"created_at"`
	OK        bool   `json:"ok"`
}

type backupRunView struct {
	At    *string `json:"at"`
	OK    bool    `json:"ok"`
	Error string  `json:"error"`
}

func viewBackup(f BackupFile) backupView {
	return backupView{Name: f.Name, Size: f.Size, CreatedAt: f.CreatedAt.UTC().Format(time.RFC3339), OK: f.OK}
}

func viewBackupRun(r BackupRun) backupRunView {
	v := backupRunView{OK: r.OK, Error: r.Error}
	if r.NoRoom { // said in Persian on the backups screen
		v.Error = msgBackupNoRoom
	}
	if !r.At.IsZero() {
		at := r.At.UTC().Format(time.RFC3339)
		v.At = &at
	}
	return v
}

// adminBackupsList answers the archives and how the last backup went.
func (a *App) adminBackupsList(w http.ResponseWriter, r *http.Request) error {
	if a.backups == nil {
		return &apiError{http.StatusServiceUnavailable, msgBackupsOff}
	}
	files, last, err := a.backups.List(r.Context())
	if err != nil {
		return err
	}
	out := make([]backupView, 0, len(files))
	for _, f := range files {
		out = append(out, viewBackup(f))
	}
	return okJSON(w, map[string]any{"backups": out, "last": viewBackupRun(last)})
}

// adminBackupsStart writes a backup now and answers it (201). A second call while one is being written
// is refused (409) rather than starting another; the owner sees the first in the list when it is done.
func (a *App) adminBackupsStart(w http.ResponseWriter, r *http.Request) error {
	if a.backups == nil {
		return &apiError{http.StatusServiceUnavailable, msgBackupsOff}
	}
	f, err := a.backups.Run(r.Context())
	switch {
	case errors.Is(err, ErrBackupRunning):
		return conflict(msgBackupRunning)
	case store.IsStorageFull(err):
		return err // 507, as every write refused for space
	case err != nil:
		a.log.ErrorContext(r.Context(), "backup requested by the owner failed", slog.String("error", err.Error()),
			slog.String("request_id", requestID(r.Context())))
		return &apiError{http.StatusInternalServerError, msgBackupFailed}
	}
	writeJSON(w, http.StatusCreated, viewBackup(f))
	return nil
}

// adminBackupDownload sends one archive as an attachment; a name of any other shape is 404.
func (a *App) adminBackupDownload(w http.ResponseWriter, r *http.Request) error {
	if a.backups == nil {
		return &apiError{http.StatusServiceUnavailable, msgBackupsOff}
	}
	name := chi.URLParam(r, "name")
	if !backupName.MatchString(name) {
		return notFound(msgBackupNotFound)
	}
	f, info, err := a.backups.Open(name)
	if errors.Is(err, store.ErrNotFound) {
		return notFound(msgBackupNotFound)
	} else if err != nil {
		return err
	}
	defer f.Close()
	w.Header().Set("Content-Type", "application/gzip")
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": info.Name}))
	w.Header().Set("Cache-Control", "no-store")
	http.ServeContent(w, r, "", info.CreatedAt, f)
	return nil
}
