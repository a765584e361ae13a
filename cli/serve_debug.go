package cli

import (
	"encoding/json"
	"expvar"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"

	"goldshop/store"
)

// serveDebug serves the runtime's profiles and memory figures on their own address, for measuring (the chat
// load run reads memory per connection from it). It never shares the shop's port: bind it to loopback.
// loopbackAddr tells whether addr (host:port) listens on loopback only: pprof and expvar show the process's
// memory and must never be reachable from the network.
func loopbackAddr(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func serveDebug(addr string, log *slog.Logger, st *store.Store) {
	mux := http.NewServeMux()
	// the group committer's counters, for the load run's transactions per commit and the writer's time
	mux.HandleFunc("/debug/commits", func(w http.ResponseWriter, _ *http.Request) {
		groups, transactions := st.GroupCommits()
		busy, committing, fsyncs, syncing := st.WriterTime()
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]int64{"groups": groups, "transactions": transactions,
			"busy_ns": int64(busy), "committing_ns": int64(committing), "fsyncs": fsyncs, "syncing_ns": int64(syncing)})
	})
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	mux.Handle("/debug/vars", expvar.Handler())
	log.Warn("debug endpoints are served", slog.String("addr", addr))
	if err := http.ListenAndServe(addr, mux); err != nil {
		log.Error("debug endpoints", slog.String("error", err.Error()))
	}
}
