package app

import (
	"context"
	"log/slog"
	"net/http"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/go-chi/chi/v5"
)

// TestEveryRouteIsInTheAPIDoc keeps docs/api.md complete: every route of the real router (the API, the
// health check, the manifest and the uploads; the UI's catch-all and /socket.io/ are not chi routes) is
// documented, and every call the doc names is a route.
//
// A route is documented where the doc makes it the subject of a line: a code span `METHOD /path` (a query
// after `?` allowed) in a table row's first cell, in a heading, or opening a paragraph or list item, with the
// path written as in routes.go, `{param}` names included. A mention in passing elsewhere does not count.
// Every code span anywhere that reads `METHOD /path` must name a route: the same pattern, or a concrete path
// the router sends to one (`/api/admin/exports/trades.csv`).
func TestEveryRouteIsInTheAPIDoc(t *testing.T) {
	routes := servedRoutes(t)
	routed := map[string]bool{}
	if err := chi.Walk(routes, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		routed[method+" "+route] = true
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(routed) < 100 {
		t.Fatalf("walked only %d routes: is this the shop's router?", len(routed))
	}

	doc, err := os.ReadFile("../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	documented, named := docCalls(string(doc))

	var undocumented []string
	for call := range routed {
		if !documented[call] {
			undocumented = append(undocumented, call)
		}
	}
	sort.Strings(undocumented)
	for _, call := range undocumented {
		t.Errorf("docs/api.md does not document %s (a table row's first cell, a heading or a line opening with it)", call)
	}

	var unrouted []string
	for call := range named {
		switch {
		case routed[call]:
		case !strings.Contains(call, "{") && routed[routeOf(routes, call)]:
		default:
			unrouted = append(unrouted, call)
		}
	}
	sort.Strings(unrouted)
	for _, call := range unrouted {
		t.Errorf("docs/api.md names %s, which is no route of app/routes.go", call)
	}
}

// servedRoutes serves one request through the real Handler and returns the chi router that routed it, as chi
// hands it to the request (chi.RouteContext(ctx).Routes). Handler wraps the router in the chat socket's
// handler, so the router is reached by the request log, whose context is the router's.
func servedRoutes(t *testing.T) chi.Routes {
	catch := &routesCatcher{}
	s := newShopIn(t, false, t.TempDir(), func(c *Config, _ *testClock) { c.Log = slog.New(catch) })
	resp, err := http.Get(s.srv.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	catch.mu.Lock()
	defer catch.mu.Unlock()
	if catch.routes == nil {
		t.Fatal("the request log saw no chi router: does logRequests still log with the request's context?")
	}
	return catch.routes
}

// routesCatcher is a slog handler that keeps the chi router of the first record logged inside a request.
type routesCatcher struct {
	mu     sync.Mutex
	routes chi.Routes
}

func (c *routesCatcher) Enabled(context.Context, slog.Level) bool { return true }
func (c *routesCatcher) WithAttrs([]slog.Attr) slog.Handler       { return c }
func (c *routesCatcher) WithGroup(string) slog.Handler            { return c }

func (c *routesCatcher) Handle(ctx context.Context, _ slog.Record) error {
	if rctx := chi.RouteContext(ctx); rctx != nil && rctx.Routes != nil {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.routes == nil {
			c.routes = rctx.Routes
		}
	}
	return nil
}

// routeOf is "METHOD pattern" of the route the router sends call ("METHOD /path") to, or "" for none.
func routeOf(routes chi.Routes, call string) string {
	method, path, _ := strings.Cut(call, " ")
	if pattern := routes.Find(chi.NewRouteContext(), method, path); pattern != "" {
		return method + " " + pattern
	}
	return ""
}

var (
	codeSpan = regexp.MustCompile("`([^`]*)`")
	// docCall is a code span's call: a method, a path, and maybe a query, which is left out.
	docCall = regexp.MustCompile(`^(GET|HEAD|POST|PUT|PATCH|DELETE) (/[^\s?]*)(\?\S*)?$`)
)

// docCalls reads the doc's calls: documented are the subjects of a line (see TestEveryRouteIsInTheAPIDoc),
// named every call in a code span.
func docCalls(doc string) (documented, named map[string]bool) {
	documented, named = map[string]bool{}, map[string]bool{}
	call := func(span string) string {
		m := docCall.FindStringSubmatch(strings.TrimSpace(span))
		if m == nil {
			return ""
		}
		return m[1] + " " + m[2]
	}
	for _, line := range strings.Split(doc, "\n") {
		for _, m := range codeSpan.FindAllStringSubmatch(line, -1) {
			if c := call(m[1]); c != "" {
				named[c] = true
			}
		}
		var subject string
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "#"):
			subject = trimmed
		case strings.HasPrefix(trimmed, "|"):
			subject = firstCell(trimmed)
		default:
			trimmed = strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(trimmed, "- "), "* "), " ")
			if strings.HasPrefix(trimmed, "`") {
				subject = codeSpan.FindString(trimmed)
			}
		}
		for _, m := range codeSpan.FindAllStringSubmatch(subject, -1) {
			if c := call(m[1]); c != "" {
				documented[c] = true
			}
		}
	}
	return documented, named
}

// firstCell is a table row's first cell: up to the first | outside a code span.
func firstCell(row string) string {
	row = strings.TrimPrefix(row, "|")
	inCode := false
	for i, r := range row {
		switch {
		case r == '`':
			inCode = !inCode
		case r == '|' && !inCode:
			return row[:i]
		}
	}
	return row
}
