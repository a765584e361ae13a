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
		check:    func(path, _ string) bool { return decodesAsImage(path) },
		wrongMsg: msgReceiptType,
		largeMsg: msgReceiptTooLarge,
	}.save(src)
	return name, err
}

// decodesAsImage reads an image's header: a file that only starts like a JPEG or PNG is refused.
func decodesAsImage(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	cfg, _, err := image.DecodeConfig(f)
	return err == nil && cfg.Width > 0 && cfg.Height > 0 && cfg.Width <= 20000 && cfg.Height <= 20000
}

// receiptServe sends a receipt only to the customer who uploaded it and to admins; anyone else gets the
// same 404 as for a file that does not exist, so names cannot be probed.
func (a *App) receiptServe(w http.ResponseWriter, r *http.Request) error {
	name := chi.URLParam(r, "name")
	if !receiptName.MatchString(name) {
		return notFound(msgNotFound)
	}
	p := caller(r)
	if !p.User.IsAdmin {
		owner, err := a.store.ReceiptOwner(r.Context(), name)
		if errors.Is(err, store.ErrNotFound) || (err == nil && owner != p.User.ID) {
			return notFound(msgNotFound)
		}
		if err != nil {
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
