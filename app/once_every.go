package app

import (
	"sync"
	"time"
)

// onceEvery lets a thing happen at most once per period per key: a login's use written, a refusal logged.
// It forgets every key once it holds max of them; forgetting costs only one more write per key.
type onceEvery[K comparable] struct {
	period time.Duration
	max    int
	mu     sync.Mutex
	last   map[K]time.Time
}

// due says whether key's thing should happen at now, and counts it as happened.
func (o *onceEvery[K]) due(key K, now time.Time) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if t, ok := o.last[key]; ok && now.Sub(t) < o.period {
		return false
	}
	if o.last == nil || len(o.last) >= o.max {
		o.last = map[K]time.Time{}
	}
	o.last[key] = now
	return true
}
