package app

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	_ "image/jpeg" // the logo may be a JPEG
	"image/png"
	"io"
	"net/http"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // or a WebP
)

// maxLogoBytes is the largest logo file accepted; a logo is a small picture, not a photo.
const maxLogoBytes = 2 << 20

// logoSizes are the squares the UI and phones ask for: 96 for the header, 180 for iOS's home screen
// (apple-touch-icon, drawn on white because iOS paints transparency black), 192 and 512 for Android's.
var logoSizes = []int{96, 180, 192, 512}

// opaqueLogoSizes are the sizes drawn on a white background.
var opaqueLogoSizes = map[int]bool{180: true}

// maxLogoSide is the longest side a logo may have before it is resized; it caps the memory a decode takes.
const maxLogoSide = 4096

// logoKind names the image formats a logo may be, by its first bytes (never its file name): PNG, JPEG or
// WebP. SVG and everything else are refused, since an SVG can carry script.
func logoKind(head []byte) bool {
	switch {
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")),
		bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}),
		len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		return true
	}
	return false
}

// readLogo reads an uploaded logo of at most maxLogoBytes and returns it as PNG squares at every logoSize.
func readLogo(src io.Reader) (map[int][]byte, error) {
	raw, err := io.ReadAll(io.LimitReader(src, maxLogoBytes+1))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig) || len(raw) > maxLogoBytes:
		return nil, &apiError{http.StatusRequestEntityTooLarge, msgLogoTooLarge}
	case err != nil:
		return nil, badRequest(msgUploadInvalid)
	case !logoKind(raw):
		return nil, badRequest(msgLogoType)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(raw))
	switch {
	case err != nil || cfg.Width <= 0 || cfg.Height <= 0:
		return nil, badRequest(msgLogoType)
	case cfg.Width > maxLogoSide || cfg.Height > maxLogoSide:
		return nil, badRequest(msgLogoTooManyPixels)
	}
	img, _, err := image.Decode(bytes.NewReader(raw))
	if err != nil {
		return nil, badRequest(msgLogoType)
	}
	out := make(map[int][]byte, len(logoSizes))
	for _, size := range logoSizes {
		b, err := logoSquare(img, size, opaqueLogoSizes[size])
		if err != nil {
			return nil, err
		}
		out[size] = b
	}
	return out, nil
}

// logoSquare fits img, whole and centred, into a size × size PNG: a wide logo gets bands above and below
// rather than losing its ends.
func logoSquare(img image.Image, size int, opaque bool) ([]byte, error) {
	dst := image.NewNRGBA(image.Rect(0, 0, size, size))
	if opaque {
		draw.Draw(dst, dst.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	}
	b := img.Bounds()
	w, h := size, size
	if b.Dx() > b.Dy() {
		h = max(1, size*b.Dy()/b.Dx())
	} else {
		w = max(1, size*b.Dx()/b.Dy())
	}
	at := image.Rect((size-w)/2, (size-h)/2, (size-w)/2+w, (size-h)/2+h)
	draw.CatmullRom.Scale(dst, at, img, b, draw.Over, nil)
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, dst); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
