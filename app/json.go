package app

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
)

// maxJSONBody is the largest JSON request body accepted (decisions.md §2).
const maxJSONBody = 1 << 20

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// okJSON writes a 200 JSON answer.
func okJSON(w http.ResponseWriter, v any) error {
	writeJSON(w, http.StatusOK, v)
	return nil
}

// decode reads a JSON body of at most 1 MB into dst; too large is 413, malformed is 400.
func decode(w http.ResponseWriter, r *http.Request, dst any) error {
	body := http.MaxBytesReader(w, r.Body, maxJSONBody)
	dec := json.NewDecoder(body)
	err := dec.Decode(dst)
	if err == nil {
		_, err = io.Copy(io.Discard, body) // a body past 1 MB is refused even after valid JSON
	}
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return &apiError{http.StatusRequestEntityTooLarge, msgBodyTooLarge}
	case err != nil:
		return badRequest(msgBadJSON)
	}
	return nil
}
