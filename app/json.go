package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strings"

	"goldshop/app/plaintext"
)

// maxJSONBody is the largest JSON request body accepted (decisions.md §2).
const maxJSONBody = 1 << 20

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header()["Content-Type"] = headerJSONType
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// okJSON writes a 200 JSON answer.
func okJSON(w http.ResponseWriter, v any) error {
	writeJSON(w, http.StatusOK, v)
	return nil
}

// decode reads a JSON body of at most 1 MB into dst; too large is 413, malformed or ambiguous is 400.
func decode(w http.ResponseWriter, r *http.Request, dst any) error {
	if !isJSON(r.Header.Get("Content-Type")) {
		return &apiError{http.StatusUnsupportedMediaType, msgNotJSON}
	}
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxJSONBody))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return &apiError{http.StatusRequestEntityTooLarge, msgBodyTooLarge}
	case err != nil:
		return badRequest(msgBadJSON)
	}
	if err := unambiguous(raw, fieldNames(dst)); err != nil {
		return badRequest(msgBadJSON)
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		return badRequest(msgBadJSON)
	}
	return nil
}

// isJSON tells whether a request's Content-Type is JSON (application/json, with a charset or not): a JSON call
// refuses a form or text body (415), which a page of another site may send without asking the browser first.
func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == "application/json"
}

var errAmbiguousJSON = errors.New("ambiguous JSON")

// unambiguous refuses what encoding/json would quietly settle: a key given twice in one object (the last
// would win, in any letter case), a key that names a field of dst only in another letter case, and anything
// after the value. A money call must mean one thing.
func unambiguous(raw []byte, fields map[string]string) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := checkValue(dec, fields); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errAmbiguousJSON
	}
	return nil
}

// checkValue walks one JSON value; fields (lower-cased name → exact name) applies to the top object only.
func checkValue(dec *json.Decoder, fields map[string]string) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	switch t {
	case json.Delim('{'):
		seen := map[string]bool{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return err
			}
			key := strings.ToLower(k.(string))
			if seen[key] {
				return errAmbiguousJSON
			}
			seen[key] = true
			if exact, ok := fields[key]; ok && exact != k.(string) {
				return errAmbiguousJSON
			}
			if err := checkValue(dec, nil); err != nil {
				return err
			}
		}
		_, err = dec.Token() // }
		return err
	case json.Delim('['):
		for dec.More() {
			if err := checkValue(dec, nil); err != nil {
				return err
			}
		}
		_, err = dec.Token() // ]
		return err
	}
	return nil
}

// fieldNames maps the lower-cased JSON names of dst's fields (embedded structs included) to their exact names.
func fieldNames(dst any) map[string]string {
	out := map[string]string{}
	t := reflect.TypeOf(dst)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return out
	}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
				walk(f.Type)
				continue
			}
			if !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			out[strings.ToLower(name)] = name
		}
	}
	walk(t)
	return out
}

// plainText is plaintext.Valid: no control, bidirectional-override or other invisible format characters.
func plainText(s string) bool { return plaintext.Valid(s) }
