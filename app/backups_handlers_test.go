package app

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"goldshop/backup"
)

// shopBackups is the server's backup service (backup.Service) as main wires it into the App.
type shopBackups struct{ svc *backup.Service }

func (b shopBackups) List(context.Context) ([]BackupFile, BackupRun, error) {
	files, last, err := b.svc.List()
	out := make([]BackupFile, len(files))
	for i, f := range files {
		out[i] = BackupFile(f)
	}
	return out, BackupRun(last), err
}

func (b shopBackups) Run(context.Context) (BackupFile, error) {
	f, err := b.svc.Run()
	if errors.Is(err, backup.ErrBusy) {
		err = ErrBackupRunning
	}
	return BackupFile(f), err
}

func (b shopBackups) Open(name string) (io.ReadSeekCloser, BackupFile, error) {
	f, info, err := b.svc.Open(name)
	if err != nil {
		return nil, BackupFile{}, err
	}
	return f, BackupFile(info), nil
}

// withBackups gives the test shop a real backup service writing into a fresh folder, with snap taking the
// database snapshots (the store itself unless a test holds them up).
func (s *testShop) withBackups(t *testing.T, snap backup.Snapshotter) string {
	t.Helper()
	if snap == nil {
		snap = s.store
	}
	dir := filepath.Join(t.TempDir(), "backups")
	svc, err := backup.Start(backup.Config{Dir: dir, Data: filepath.Dir(s.app.uploads), Keep: 3}, snap,
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(svc.Close)
	s.app.backups = shopBackups{svc}
	return dir
}

var rfc3339UTC = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$`)

func TestOwnerRunsListsAndDownloadsBackups(t *testing.T) {
	s := newTestShop(t)
	dir := s.withBackups(t, nil)
	owner := s.signInAdmin()

	r := s.do("GET", "/api/admin/backups", owner, nil)
	if r.Status != 200 || r.Body != `{"backups":[],"last":{"at":null,"ok":false,"error":""}}`+"\n" {
		t.Fatalf("before any backup: %d %s", r.Status, r.Body)
	}
	r = s.do("POST", "/api/admin/backups", owner, nil)
	name := r.str("name")
	if r.Status != 201 || !backupName.MatchString(name) || r.JSON["ok"] != true || r.JSON["size"].(float64) <= 0 ||
		!rfc3339UTC.MatchString(r.str("created_at")) {
		t.Fatalf("start: %d %s", r.Status, r.Body)
	}
	r = s.do("GET", "/api/admin/backups", owner, nil)
	list, _ := r.JSON["backups"].([]any)
	last, _ := r.JSON["last"].(map[string]any)
	if r.Status != 200 || len(list) != 1 || list[0].(map[string]any)["name"] != name || last["ok"] != true ||
		!rfc3339UTC.MatchString(last["at"].(string)) || last["error"] != "" {
		t.Fatalf("list: %d %s", r.Status, r.Body)
	}

	r = s.do("GET", "/api/admin/backups/"+name, owner, nil)
	want, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != 200 || r.Body != string(want) || r.Header.Get("Content-Type") != "application/gzip" ||
		r.Header.Get("Content-Disposition") != "attachment; filename="+name || r.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("download: %d %v (%d bytes, file %d)", r.Status, r.Header, len(r.Body), len(want))
	}
	for _, bad := range []string{"goldshop-20200101T000000Z.tar.gz", "goldshop.db", "..%2Fgoldshop.db",
		"..%2F..%2F" + name, name + ".tmp", "." + name, "goldshop-2020-01-01.tar.gz"} {
		if r := s.do("GET", "/api/admin/backups/"+bad, owner, nil); r.Status != 404 || r.str("message") != msgBackupNotFound {
			t.Errorf("%s: %d %s", bad, r.Status, r.Body)
		}
	}
}

func TestBackupsAreTheOwnersOnly(t *testing.T) {
	s := newTestShop(t)
	s.withBackups(t, nil)
	owner := s.signInAdmin()
	name := s.do("POST", "/api/admin/backups", owner, nil).str("name")
	staff := s.signInStaff("09350000002")
	customer, _ := s.signUp(1)
	for _, who := range []struct {
		token string
		want  int
	}{{staff, 403}, {customer, 403}, {"", 401}} {
		for _, c := range [][2]string{{"GET", "/api/admin/backups"}, {"POST", "/api/admin/backups"}, {"GET", "/api/admin/backups/" + name}} {
			if r := s.do(c[0], c[1], who.token, nil); r.Status != who.want || r.Header.Get("Content-Disposition") != "" {
				t.Errorf("%s %s as %q: %d %s", c[0], c[1], who.token, r.Status, r.Body)
			}
		}
	}
}

// heldSnapshots holds each database snapshot until released, so a second request can arrive meanwhile.
type heldSnapshots struct {
	backup.Snapshotter
	started, release chan struct{}
}

func (h heldSnapshots) Backup(ctx context.Context, path string) error {
	h.started <- struct{}{}
	<-h.release
	return h.Snapshotter.Backup(ctx, path)
}

func TestASecondBackupWhileOneRunsIsRefused(t *testing.T) {
	s := newTestShop(t)
	held := heldSnapshots{Snapshotter: s.store, started: make(chan struct{}), release: make(chan struct{})}
	dir := s.withBackups(t, held)
	owner := s.signInAdmin()
	first := make(chan reply, 1)
	go func() { first <- s.do("POST", "/api/admin/backups", owner, nil) }()
	<-held.started
	if r := s.do("POST", "/api/admin/backups", owner, nil); r.Status != 409 || r.str("message") != msgBackupRunning {
		t.Fatalf("second start: %d %s", r.Status, r.Body)
	}
	close(held.release)
	if r := <-first; r.Status != 201 {
		t.Fatalf("first start: %d %s", r.Status, r.Body)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("%d files in the backup folder", len(entries))
	}
}

func TestAFailedBackupAnswers500AndIsShownAsTheLastRun(t *testing.T) {
	s := newTestShop(t)
	dir := s.withBackups(t, nil)
	owner := s.signInAdmin()
	// The backup disk is gone and something else sits where the folder was.
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := s.do("POST", "/api/admin/backups", owner, nil); r.Status != 500 || r.str("message") != msgBackupFailed {
		t.Fatalf("start: %d %s", r.Status, r.Body)
	}
	os.Remove(dir)
	os.Mkdir(dir, 0o750)
	r := s.do("GET", "/api/admin/backups", owner, nil)
	last, _ := r.JSON["last"].(map[string]any)
	if r.Status != 200 || last["ok"] != false || last["error"] == "" || last["at"] == nil {
		t.Fatalf("list after a failure: %d %s", r.Status, r.Body)
	}
	at, err := time.Parse(time.RFC3339, last["at"].(string))
	if err != nil || time.Since(at) > time.Minute {
		t.Fatalf("last.at %v (err %v)", last["at"], err)
	}
}

func TestBackupCallsWithoutABackupService(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	s.run(t, []scenario{
		{name: "the list says backups are off", method: "GET", path: "/api/admin/backups", token: owner, wantStatus: 503, wantContains: msgBackupsOff},
		{name: "starting one says backups are off", method: "POST", path: "/api/admin/backups", token: owner, wantStatus: 503, wantContains: msgBackupsOff},
		{name: "a download says backups are off", method: "GET", path: "/api/admin/backups/goldshop-20260101T000000Z.tar.gz", token: owner, wantStatus: 503, wantContains: msgBackupsOff},
	})
}

// A scheduled backup not started for lack of room is said in Persian on the backups screen.
func TestABackupSkippedForRoomIsSaidInPersian(t *testing.T) {
	v := viewBackupRun(BackupRun{At: time.Now(), Error: "backup: not enough room: …", NoRoom: true})
	if v.OK || v.Error != msgBackupNoRoom {
		t.Fatalf("%+v", v)
	}
}
