package main

import (
	"expvar"
	"log/slog"
	"net/http"
	"net/http/pprof"
)

// serveDebug serves the runtime's profiles and memory figures on their own address, for measuring (the chat
// load run reads memory per connection from it). It never shares the shop's port: bind it to loopback.
func serveDebug(addr string, log *slog.Logger) {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	mux.Handle("/debug/vars", expvar.Handler())
	log.Warn("debug endpoints are served", slog.String("addr", addr))
	if err := http.ListenAndServe(addr, mux); err != nil {
		log.Error("debug endpoints", slog.String("error", err.Error()))
	}
}
