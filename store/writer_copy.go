package store

import (
	"sync"
	"sync/atomic"
)

// tableWatch counts the changes the writer's transactions make to a set of tables (row_watch.go): once for
// each row changed, and once more when the transaction that changed one has ended, committed or not, so a
// figure read before a change, or inside the transaction that made it (which may still roll back), is never
// taken for what is committed after it.
type tableWatch struct {
	changes atomic.Uint64
	touched atomic.Bool // the transaction in progress changed a row
}

func (t *tableWatch) rowChanged() {
	t.changes.Add(1)
	t.touched.Store(true)
}

// settle follows the end of a transaction of the writer.
func (t *tableWatch) settle() {
	if t.touched.Swap(false) {
		t.changes.Add(1)
	}
}

// drop forgets every copy taken so far (another process committed).
func (t *tableWatch) drop() { t.changes.Add(1) }

// writerCopy is figures as a transaction of the writer last read them, kept while their tables' watch has
// counted no change since, so that a trade's transaction need not read them again (writer_rules.go,
// writer_reserve.go). Another process never changes those tables; were it to, the committer sees its commit
// within a second and drops the copies (commit.go).
type writerCopy[T any] struct {
	watch *tableWatch
	mu    sync.Mutex
	ok    bool
	gen   uint64
	value T
}

// get returns the copy, whether it still holds, and the watch's count to keep a fresh read under.
func (c *writerCopy[T]) get() (value T, gen uint64, holds bool) {
	gen = c.watch.changes.Load()
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.value, gen, c.ok && c.gen == gen
}

// keep makes value, read after get returned gen, the copy.
func (c *writerCopy[T]) keep(gen uint64, value T) {
	c.mu.Lock()
	c.ok, c.gen, c.value = true, gen, value
	c.mu.Unlock()
}
