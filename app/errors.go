package app

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"

	"goldshop/iran"
	"goldshop/rules"
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

// handle adapts a handlerFunc: an apiError is written as it is, the store's errors that mean the same on every
// route get their one status and message (writeError), and anything else becomes a generic 500 whose real
// cause goes only to the log.
func (a *App) handle(fn handlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := fn(w, r); err != nil {
			a.writeError(w, r, err)
		}
	}
}

// writeError is the one place a store error or a refusal of the shop's rules becomes an HTTP answer. Handlers turn a store error into their
// own apiError only where the words differ per route (which thing was not found, which state conflicts).
func (a *App) writeError(w http.ResponseWriter, r *http.Request, err error) {
	var ae *apiError
	var short *store.InsufficientError
	var weight *rules.WeightOutOfLimits
	var reserve *store.ReserveShortError
	var daily *store.DailyLimitError
	switch {
	case errors.As(err, &ae):
	case store.IsStorageFull(err):
		a.noteStorageFull()
		a.log.ErrorContext(r.Context(), "storage full", slog.String("method", r.Method), slog.String("path", r.URL.Path),
			slog.String("error", err.Error()))
		ae = errStorageFull().(*apiError)
	case errors.Is(err, store.ErrNotFound):
		ae = &apiError{http.StatusNotFound, msgNotFound}
	case errors.As(err, &short) && short.Asset == store.AssetGold:
		ae = &apiError{http.StatusBadRequest, msgInsufficientGold}
	case errors.Is(err, store.ErrInsufficientFunds):
		ae = &apiError{http.StatusBadRequest, msgInsufficientBalance}
	case errors.Is(err, store.ErrKeyInUse):
		ae = &apiError{http.StatusConflict, msgRequestInProgress}
	case errors.Is(err, store.ErrQuoteNone):
		ae = &apiError{http.StatusBadRequest, msgQuoteNone}
	case errors.Is(err, store.ErrGoldRequestPending):
		ae = &apiError{http.StatusConflict, msgGoldRequestPending}
	case errors.Is(err, store.ErrBarTaken):
		ae = &apiError{http.StatusConflict, msgBarTaken}
	case errors.Is(err, store.ErrBarBusy):
		ae = &apiError{http.StatusConflict, msgBarBusy}
	case errors.Is(err, store.ErrAccountInUse):
		ae = &apiError{http.StatusConflict, msgBankAccountInUse}
	case errors.Is(err, store.ErrLastOwner):
		ae = &apiError{http.StatusConflict, msgLastOwner}
	case errors.Is(err, store.ErrCodeWrong):
		ae = &apiError{http.StatusBadRequest, msgCodeWrong}
	case errors.Is(err, store.ErrCodeTooManyTries):
		ae = &apiError{http.StatusBadRequest, msgCodeVoid}
	case errors.Is(err, store.ErrCodeNone):
		ae = &apiError{http.StatusBadRequest, msgCodeExpired}
	case errors.As(err, &daily):
		ae = &apiError{http.StatusBadRequest, dailyLimitMessage(daily)}
	case errors.As(err, &reserve):
		ae = &apiError{http.StatusBadRequest, fmt.Sprintf(msgReserveShortFormat, iran.Grams(reserve.ShortMg))}
	case errors.Is(err, rules.ErrTradeTooSmall):
		ae = &apiError{http.StatusBadRequest, msgTradeTooSmall}
	case errors.Is(err, rules.ErrTradeTooLarge):
		ae = &apiError{http.StatusBadRequest, msgTradeTooLarge}
	case errors.As(err, &weight) && weight.Below:
		ae = &apiError{http.StatusBadRequest, fmt.Sprintf(msgWeightBelowMinFormat, iran.Grams(weight.Limit))}
	case errors.As(err, &weight):
		ae = &apiError{http.StatusBadRequest, fmt.Sprintf(msgWeightAboveMaxFormat, iran.Grams(weight.Limit))}
	default:
		a.log.ErrorContext(r.Context(), "request failed", slog.String("method", r.Method),
			slog.String("path", r.URL.Path), slog.String("request_id", requestID(r.Context())),
			slog.String("error", err.Error()))
		ae = &apiError{http.StatusInternalServerError, msgServerError}
	}
	writeJSON(w, ae.Status, map[string]string{"message": ae.Message})
}

// quotaError words a customer's used-up upload quota of the day (429, the owner's number in it); any other
// error passes as it is.
func quotaError(err error) error {
	var q *store.QuotaError
	if !errors.As(err, &q) {
		return err
	}
	msg := msgQuotaReceipts
	if q.Kind == store.QuotaChatFiles {
		msg = msgQuotaChatFiles
	}
	return &apiError{http.StatusTooManyRequests, fmt.Sprintf(msg, iran.Digits(strconv.Itoa(q.Limit)))}
}
