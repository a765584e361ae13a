package app

import (
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"
)

// pathID reads a positive row id from the path; anything else is the same 404 as a missing row.
func pathID(r *http.Request, name, missing string) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, name), 10, 64)
	if err != nil || id <= 0 {
		return 0, notFound(missing)
	}
	return id, nil
}
