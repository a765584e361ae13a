package app

import (
	"errors"
	"log/slog"
	"net/http"

	"goldshop/store"
)

// apiError is an error the client may see: a status and a Persian message.
type apiError struct {
	Status  int
	Message string
}

func (e *apiError) Error() string { return e.Message }

func badRequest(msg string) error   { return &apiError{http.StatusBadRequest, msg} }
func unauthorized(msg string) error { return &apiError{http.StatusUnauthorized, msg} }
func forbidden(msg string) error    { return &apiError{http.StatusForbidden, msg} }
func notFound(msg string) error     { return &apiError{http.StatusNotFound, msg} }
func conflict(msg string) error     { return &apiError{http.StatusConflict, msg} }
func tooMany(msg string) error      { return &apiError{http.StatusTooManyRequests, msg} }

// handlerFunc is an HTTP handler that returns its error instead of writing it.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// handle adapts a handlerFunc: an apiError is written as it is, store.ErrNotFound becomes 404, and anything
// else becomes a generic 500 whose real cause goes only to the log.
func (a *App) handle(fn handlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := fn(w, r); err != nil {
			a.writeError(w, r, err)
		}
	}
}

func (a *App) writeError(w http.ResponseWriter, r *http.Request, err error) {
	var ae *apiError
	switch {
	case errors.As(err, &ae):
	case errors.Is(err, store.ErrNotFound):
		ae = &apiError{http.StatusNotFound, msgNotFound}
	case errors.Is(err, store.ErrInsufficientFunds):
		ae = &apiError{http.StatusBadRequest, msgInsufficientBalance}
	case errors.Is(err, store.ErrKeyInUse):
		ae = &apiError{http.StatusConflict, msgRequestInProgress}
	default:
		a.log.ErrorContext(r.Context(), "request failed", slog.String("method", r.Method),
			slog.String("path", r.URL.Path), slog.String("request_id", requestID(r.Context())),
			slog.String("error", err.Error()))
		ae = &apiError{http.StatusInternalServerError, msgServerError}
	}
	writeJSON(w, ae.Status, map[string]string{"message": ae.Message})
}
