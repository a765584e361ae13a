package backup

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// lockName is the file a running server keeps locked in its data folder, so that a second server and a
// forced restore can tell the folder is in use. The lock goes with the process, even when it is killed.
const lockName = ".goldshop.lock"

// ErrInUse is returned when a running server holds the data folder.
var ErrInUse = errors.New("a goldshop server is running on this data folder")

// LockData marks the data folder as served by this process until release is called.
func LockData(data string) (release func(), err error) {
	f, err := os.OpenFile(filepath.Join(data, lockName), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	held, err := tryLock(f)
	if err != nil || !held {
		f.Close()
		return nil, errors.Join(fmt.Errorf("%w: %s", ErrInUse, data), err)
	}
	return func() { f.Close() }, nil
}

// inUse reports whether a running server holds the data folder.
func inUse(data string) bool {
	f, err := os.Open(filepath.Join(data, lockName))
	if err != nil {
		return false
	}
	defer f.Close()
	held, err := tryLock(f)
	return err == nil && !held
}
