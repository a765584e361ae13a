package cli

import (
	"os"
	"runtime/debug"
)

// serveGCPercent is the garbage collector's pace for the server: a collection when the heap has grown by
// twice what the last one left live, instead of Go's once. The shop's live heap is small (tens of
// megabytes: the caches, the chat hub, the statements being served) and its hot calls allocate per request,
// so at Go's pace a busy minute spends much of a core collecting, and a request that meets a collection
// waits. The hot read, three load runs at each pace taken in turns (issue 25): 0.55–0.65 of bare chi's req/s
// with its p99 2.1–2.7× at Go's pace, 0.62–0.67 with p99 1.8–2.4× at this one. The price is a peak heap
// about three times the live one instead of two, a few tens of megabytes on the smallest VPS.
const serveGCPercent = 200

// paceCollector sets serveGCPercent unless the operator set GOGC, which wins.
func paceCollector() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(serveGCPercent)
	}
}
