//go:build unix

package diskspace

import "golang.org/x/sys/unix"

// Room is the free (for an unprivileged writer) and total bytes of dir's file system.
func Room(dir string) (free, total uint64, ok bool) {
	var s unix.Statfs_t
	if err := unix.Statfs(dir, &s); err != nil {
		return 0, 0, false
	}
	return s.Bavail * uint64(s.Bsize), s.Blocks * uint64(s.Bsize), true
}
