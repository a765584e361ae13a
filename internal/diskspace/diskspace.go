// Package diskspace says how much room a folder's file system has left, and where "low" begins (issue 28):
// the owner's storage screen, goldshop check and the backup schedule all judge by the same floor.
package diskspace

// The floor under which free space is low: a tenth of the file system, or 500 MB, whichever is more.
const (
	lowShare = 10
	lowBytes = 500 << 20
)

// Floor is the least free space of a file system of total bytes that is not low.
func Floor(total uint64) uint64 { return max(total/lowShare, lowBytes) }

// Low says whether free bytes of a file system of total bytes is low.
func Low(free, total uint64) bool { return free < Floor(total) }
