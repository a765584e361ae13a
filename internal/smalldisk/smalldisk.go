// Package smalldisk gives a test a file system of its own, small enough to fill for real: the disk-full
// tests of the shop (app, cli, the crash test) run on one. It mounts a tmpfs, so it needs root, as CI runs.
package smalldisk

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// Mount mounts a tmpfs of size ("8m") on a fresh temporary folder, unmounted when the test ends.
func Mount(t testing.TB, size string) string {
	t.Helper()
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Fatalf("a small file system of its own needs root (mount -t tmpfs): %v %s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", "-l", dir).Run() })
	return dir
}

// Fill writes a filler file in dir until its file system refuses with ENOSPC, to the last byte, and
// returns the file's path: removing it gives the space back.
func Fill(t testing.TB, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := make([]byte, 64<<10)
	for _, size := range []int{len(chunk), 4096, 512, 1} { // big writes, then the last pages
		for {
			if _, err := f.Write(chunk[:size]); err != nil {
				if !errors.Is(err, syscall.ENOSPC) {
					t.Fatalf("filling the disk: %v", err)
				}
				break
			}
		}
	}
	return path
}
