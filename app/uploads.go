package app

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"

	"goldshop/store"
)

// upload describes one kind of uploaded file: how its first bytes name its type and what else it must pass.
type upload struct {
	dir      string
	maxBytes int64
	// sniff returns the stored extension for a file starting with head, "" when the type is not accepted.
	sniff func(head []byte) string
	// check looks at the whole stored file (nil: none); an *apiError it returns is the answer, any other
	// error answers wrongMsg.
	check    func(path, ext string) error
	wrongMsg string
	largeMsg string
}

// formFile streams a multipart body of at most maxBytes (plus room for the form's framing) to the file part
// named field, skipping any other: missingMsg (400) when there is none, largeMsg (413) when the body is too
// large. The caller closes the part.
func formFile(w http.ResponseWriter, r *http.Request, field string, maxBytes int64, missingMsg, largeMsg string) (*multipart.Part, error) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBytes+64<<10)
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, badRequest(msgUploadInvalid)
	}
	for {
		part, err := mr.NextPart()
		var tooBig *http.MaxBytesError
		switch {
		case errors.Is(err, io.EOF):
			return nil, badRequest(missingMsg)
		case errors.As(err, &tooBig):
			return nil, &apiError{http.StatusRequestEntityTooLarge, largeMsg}
		case err != nil:
			return nil, badRequest(msgUploadInvalid)
		}
		if part.FormName() == field {
			return part, nil
		}
		part.Close()
	}
}

// sniffBytes is how much of a file's start the sniffers look at.
const sniffBytes = 64

// save stores an upload under a random name after checking its content, not its file name, and its size.
// Nothing is kept when a check fails.
func (u upload) save(src io.Reader) (string, int64, error) {
	head := make([]byte, sniffBytes)
	n, _ := io.ReadFull(src, head)
	head = head[:n]
	ext := u.sniff(head)
	if ext == "" {
		return "", 0, badRequest(u.wrongMsg)
	}
	var raw [16]byte
	_, _ = rand.Read(raw[:])
	name := hex.EncodeToString(raw[:]) + ext
	tmp, err := os.CreateTemp(u.dir, ".upload-*")
	if err != nil {
		return "", 0, err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	written, err := io.Copy(tmp, io.LimitReader(io.MultiReader(bytes.NewReader(head), src), u.maxBytes+1))
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig) || written > u.maxBytes:
		return "", 0, &apiError{http.StatusRequestEntityTooLarge, u.largeMsg}
	case store.IsStorageFull(err): // the server's disk, not the caller's form: 507, the partial file removed
		return "", 0, err
	case err != nil:
		return "", 0, badRequest(msgUploadInvalid)
	}
	if u.check != nil {
		if err := u.check(tmp.Name(), ext); err != nil {
			var answer *apiError
			if errors.As(err, &answer) {
				return "", 0, answer
			}
			return "", 0, badRequest(u.wrongMsg)
		}
	}
	if err := os.Rename(tmp.Name(), filepath.Join(u.dir, name)); err != nil {
		return "", 0, err
	}
	return name, written, nil
}
