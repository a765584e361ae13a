package store

import (
	"errors"
	"syscall"

	"modernc.org/sqlite"
)

// sqliteFull is SQLITE_FULL, the primary result code of a write refused because the disk is full.
const sqliteFull = 13

// IsStorageFull says whether err is a write refused for lack of space: SQLite's full error, or ENOSPC or
// EDQUOT from the file system (an upload, a backup). Such a write changed nothing (a transaction is rolled
// back, a partial file removed by its writer), and the same write may succeed once space returns.
func IsStorageFull(err error) bool {
	if err == nil {
		return false
	}
	var se *sqlite.Error
	if errors.As(err, &se) && se.Code()&0xff == sqliteFull {
		return true
	}
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}
