package backup

import (
	"os"
	"path/filepath"
	"testing"

	"goldshop/internal/diskspace"
	"goldshop/internal/smalldisk"
)

// leaveFree grows the filler file in disk until its file system has about free bytes left.
func leaveFree(t *testing.T, disk string, free uint64) {
	t.Helper()
	have, _, ok := diskspace.Room(disk)
	if !ok || have < free {
		t.Fatalf("the disk has %d bytes free, not the %d asked", have, free)
	}
	f, err := os.OpenFile(filepath.Join(disk, "filler"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Write(make([]byte, have-free)); err != nil {
		t.Fatal(err)
	}
}

// A scheduled backup that would leave the disk under its floor (a tenth, or 500 MB) prunes old archives
// first where Keep allows, and when that is not enough is not started, saying why; the archives kept are
// whole and the shop's data untouched.
func TestAScheduledBackupNeverFillsTheDisk(t *testing.T) {
	disk := smalldisk.Mount(t, "620m")
	data := filepath.Join(disk, "data")
	if err := os.MkdirAll(data, 0o750); err != nil {
		t.Fatal(err)
	}
	s := newShopIn(t, data)
	s.charge(s.customer(1), 5_000_000)
	dir := filepath.Join(disk, "backups")
	svc, err := Start(Config{Dir: dir, Data: data, Keep: 2}, s.st, quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	for _, old := range []string{"goldshop-20260101T000000Z.tar.gz", "goldshop-20260102T000000Z.tar.gz"} {
		if err := os.WriteFile(filepath.Join(dir, old), make([]byte, 8<<20), 0o640); err != nil {
			t.Fatal(err)
		}
	}
	_, total, _ := diskspace.Room(disk)
	floor := diskspace.Floor(total)

	// the next archive is reckoned as big as the newest (8 MB): 4 MB over the floor is not room, until the
	// oldest archive goes first
	leaveFree(t, disk, floor+4<<20)
	if err := svc.runScheduled(); err != nil {
		t.Fatalf("a backup with room made by pruning: %v", err)
	}
	files, last, err := svc.List()
	if err != nil || !last.OK || len(files) != 2 || files[1].Name != "goldshop-20260102T000000Z.tar.gz" || !files[0].OK {
		t.Fatalf("after pruning first: %+v %+v %v", files, last, err)
	}

	// under the floor even with one archive left: not started, and said why
	free, _, _ := diskspace.Room(disk)
	leaveFree(t, disk, min(free, floor-10<<20))
	if err := svc.runScheduled(); err == nil {
		t.Fatal("a backup under the floor was started")
	}
	files, last, err = svc.List()
	if err != nil || last.OK || !last.NoRoom || len(files) != 1 || !files[0].OK {
		t.Fatalf("after a backup with no room: %+v %+v %v", files, last, err)
	}
	if free, _, _ := diskspace.Room(disk); free < floor-11<<20 {
		t.Fatalf("the skipped backup wrote anyway: %d free", free)
	}
	for _, n := range names(t, dir) {
		if !ValidName(n) {
			t.Fatalf("the backup folder holds %q", n)
		}
	}
}
