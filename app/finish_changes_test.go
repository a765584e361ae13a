package app

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestAChangeOutlivesItsClientAndAReadDoesNot(t *testing.T) {
	for method, wantCancelled := range map[string]bool{"GET": true, "POST": false, "PUT": false, "DELETE": false} {
		ctx, cancel := context.WithCancel(context.Background())
		var seen error
		h := finishChanges(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			cancel() // the client goes away while the handler runs
			seen = r.Context().Err()
		}))
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(method, "/api/x", nil).WithContext(ctx))
		if (seen != nil) != wantCancelled {
			t.Errorf("%s: context error %v after the client left", method, seen)
		}
	}
}
