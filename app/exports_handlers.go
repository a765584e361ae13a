package app

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"goldshop/store"
)

// adminExport sends one of the owner's CSV exports for a range of Tehran days:
// GET /api/admin/exports/{trades|wallet-requests|gold-requests|customers|invoices}.csv?from=YYYY-MM-DD&to=YYYY-MM-DD.
// The rows stream from the store to the client as they are read; the export is audited before the first.
func (a *App) adminExport(w http.ResponseWriter, r *http.Request) error {
	name := chi.URLParam(r, "name")
	ex, ok := exportNamed(name)
	if !ok {
		return notFound(msgExportNotFound)
	}
	first, last, err := tehranDays(r.URL.Query())
	if err != nil {
		return err
	}
	days := map[string]string{"export": name, "from": first.Format(time.DateOnly), "to": last.Format(time.DateOnly)}
	// Audited before any row leaves, so a download cut halfway is on record too. A GET's context ends when
	// its client leaves, and a write cancelled inside a group commit would roll back the others' (finishChanges).
	if err := a.store.Audit(context.WithoutCancel(r.Context()), store.AuditEntry{AdminID: caller(r).User.ID, Action: "export",
		Target: "export:" + name, After: days}, a.now()); err != nil {
		return err
	}
	d := newCSVDownload(w, "goldshop-"+name+"-"+days["from"]+"-"+days["to"]+".csv")
	defer d.release()
	return a.streamExport(r, d, ex.header, func(write func([]string) error) error {
		return ex.rows(r.Context(), a.store, first, last.AddDate(0, 0, 1), write)
	})
}

// streamExport writes the header row and then the rows as rows hands them over. An error before anything
// was sent is returned for the ordinary error answer; after that, half a file has gone out as if it were
// whole, and cutting the connection is the only way left to tell the client (and Excel) it is not.
func (a *App) streamExport(r *http.Request, d *csvDownload, header []string, rows func(write func([]string) error) error) error {
	err := d.write(header)
	if err == nil {
		err = rows(d.write)
	}
	if err == nil {
		err = d.flush()
	}
	if err == nil || !d.started() {
		return err
	}
	a.log.WarnContext(r.Context(), "export cut off", slog.String("path", r.URL.Path), slog.String("error", err.Error()),
		slog.String("request_id", requestID(r.Context())))
	panic(http.ErrAbortHandler)
}
