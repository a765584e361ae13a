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

// pathGrade is the grade named by the path parameter name: 404 unless it is one of the shop's five.
func pathGrade(r *http.Request, name string) (int, error) {
	grade, err := strconv.Atoi(chi.URLParam(r, name))
	if err != nil || grade < 1 || grade > 5 {
		return 0, notFound(msgGradeNotFound)
	}
	return grade, nil
}
