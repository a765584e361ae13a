package app

import (
	"bytes"
	"image/png"
	"net/http"

	"github.com/boombuler/barcode"
	"github.com/boombuler/barcode/code128"
	"github.com/go-chi/chi/v5"

	"goldshop/iran"
)

// barcodeModulePx and barcodeHeightPx draw each bar of a label's Code 128 at three pixels, so that the label
// page scales the image to its millimetres with whole pixels per bar.
const (
	barcodeModulePx = 3
	barcodeHeightPx = 90
)

// tagBarcode is GET /api/admin/vault/barcode/{code}.png: a tag code as a Code 128 barcode, drawn by
// boombuler/barcode. Any tag code a vault item may have (printable Latin, at most 50) draws; the image of a
// code never changes, so the browser keeps it for a day.
func (a *App) tagBarcode(w http.ResponseWriter, r *http.Request) error {
	code := iran.LatinDigits(chi.URLParam(r, "code"))
	if !tagCode(code) {
		return badRequest(msgTagBadCode)
	}
	bc, err := code128.Encode(code)
	if err != nil {
		return badRequest(msgTagBadCode)
	}
	scaled, err := barcode.Scale(bc, bc.Bounds().Dx()*barcodeModulePx, barcodeHeightPx)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, scaled); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "private, max-age=86400")
	_, err = w.Write(buf.Bytes())
	return err
}

// tagCode says whether s can be a label's code: 1 to 50 printable ASCII characters, which Code 128 draws
// and a scanner types back on any keyboard layout's Latin keys.
func tagCode(s string) bool {
	if len(s) == 0 || len(s) > 50 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] > 0x7e {
			return false
		}
	}
	return true
}
