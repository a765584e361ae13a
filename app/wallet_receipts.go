package app

import (
	"bytes"
	"errors"
	"image"
	_ "image/jpeg" // registers the decoders DecodeConfig checks receipts with
	_ "image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"

	"github.com/go-chi/chi/v5"

	"goldshop/store"
)

// maxReceiptBytes is the largest receipt image accepted (decisions.md §5).
const maxReceiptBytes = 5 << 20

var receiptName = regexp.MustCompile(`^[0-9a-f]{32}\.(jpg|png)$`)

func receiptURL(name string) string { return "/uploads/receipts/" + name }

func (a *App) receiptsDir() string { return filepath.Join(a.uploads, "receipts") }

// saveReceipt stores an uploaded receipt under a random name after checking, by its bytes and not its file
// name, that it is a JPEG or PNG image of at most 5 MB. It returns the stored file's name.
func (a *App) saveReceipt(src io.Reader) (string, error) {
	name, _, err := upload{
		dir:      a.receiptsDir(),
		maxBytes: maxReceiptBytes,
		sniff: func(head []byte) string {
			switch {
			case bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}):
				return ".jpg"
			case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
				return ".png"
			}
			return ""
		},
		check:    func(path, _ string) error { return checkImage(path) },
		wrongMsg: msgReceiptType,
		largeMsg: msgReceiptTooLarge,
	}.save(src)
	return name, err
}

// maxImagePixels is the most pixels an uploaded image may declare: a 50-megapixel phone photo, and far below
// what a few kilobytes of PNG can claim (20000 × 20000 is 400 million pixels for the admin's browser to decode).
const maxImagePixels = 50_000_000

var errNotImage = errors.New("not an image")

// checkImage reads an image's header: a file that only starts like a JPEG or PNG is refused (errNotImage),
// and one that declares more than maxImagePixels is refused with its own message.
func checkImage(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	cfg, _, err := image.DecodeConfig(f)
	switch {
	case err != nil || cfg.Width <= 0 || cfg.Height <= 0:
		return errNotImage
	case int64(cfg.Width)*int64(cfg.Height) > maxImagePixels:
		return badRequest(msgImageTooManyPixels)
	}
	return nil
}

// receiptServe sends a receipt only to the customer who uploaded it and to admins; anyone else gets the
// same 404 as for a file that does not exist, so names cannot be probed.
func (a *App) receiptServe(w http.ResponseWriter, r *http.Request) error {
	name := chi.URLParam(r, "name")
	if !receiptName.MatchString(name) {
		return notFound(msgNotFound)
	}
	p := caller(r)
	owner, err := a.store.ReceiptOwner(r.Context(), name)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !p.User.IsAdmin && owner != p.User.ID) {
		return notFound(msgNotFound)
	}
	if err != nil {
		return err
	}
	if p.User.IsAdmin {
		customer, err := a.store.UserByID(r.Context(), owner)
		if err != nil {
			return err
		}
		if err := a.auditRead(r, readReceipt, customer, map[string]any{"receipt": name}); err != nil {
			return err
		}
	}
	f, err := os.Open(filepath.Join(a.receiptsDir(), name))
	if err != nil {
		return notFound(msgNotFound)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	ctype := "image/png"
	if filepath.Ext(name) == ".jpg" {
		ctype = "image/jpeg"
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Cache-Control", "private, no-store")
	http.ServeContent(w, r, "", st.ModTime(), f)
	return nil
}
