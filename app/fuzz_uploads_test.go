package app

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"mime/multipart"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"goldshop/rules"
	"goldshop/store"
)

// The fuzz targets of this file feed the upload checks (receipts, chat files, the deposit form) arbitrary
// bytes: what they keep must be an allowed type by its signature and decoded header, within the size limit,
// stored byte for byte; what they refuse must leave no file behind.

// pngHeader is a PNG's signature and a header chunk (with a correct CRC) claiming w×h pixels and nothing
// more: what a decompression bomb looks like to a header check.
func pngHeader(w, h uint32) []byte {
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	copy(ihdr[8:], []byte{8, 2, 0, 0, 0}) // 8-bit RGB
	chunk := append([]byte("IHDR"), ihdr...)
	out := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0d")
	out = append(out, chunk...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(chunk))
}

// jpegHeader is a JPEG's start and a baseline frame header claiming w×h pixels, with no picture after it.
func jpegHeader(w, h uint16) []byte {
	out := []byte{0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08}
	out = binary.BigEndian.AppendUint16(out, h)
	out = binary.BigEndian.AppendUint16(out, w)
	return append(out, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01)
}

func jpegBytes(t testing.TB) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewGray(image.Rect(0, 0, 5, 2)), nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func gifBytes(t testing.TB) []byte {
	var buf bytes.Buffer
	img := image.NewPaletted(image.Rect(0, 0, 3, 3), color.Palette{color.Black, color.White})
	if err := gif.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// uploadSeeds are real files, their truncations, files that only start like images, and images that claim
// enormous sizes.
func uploadSeeds(t testing.TB) [][]byte {
	png, jpg, gf := pngBytes(t), jpegBytes(t), gifBytes(t)
	seeds := [][]byte{png, jpg, gf, nil, {0xFF}, {0xFF, 0xD8}, {0xFF, 0xD8, 0xFF}, []byte("\x89PNG\r\n\x1a\n"),
		[]byte("\x89PNG\r\n\x1a\n<html><script>alert(1)</script>"), append([]byte{0xFF, 0xD8, 0xFF, 0xE0}, "<?php ?>"...),
		pngHeader(100_000, 100_000), pngHeader(20_000, 20_000), pngHeader(7072, 7071), pngHeader(7071, 7071),
		pngHeader(50_000_000, 1), pngHeader(50_000_001, 1), pngHeader(0, 5), pngHeader(1<<31, 1), pngHeader(1<<31-1, 1<<31-1),
		jpegHeader(65535, 65535), jpegHeader(7072, 7071), jpegHeader(0, 10), jpegHeader(4, 3),
		[]byte("GIF89a\xff\xff\xff\xff"), []byte("RIFF\x00\x00\x00\x00WEBPVP8 "), []byte("RIFF\x24\x00\x00\x00WAVEfmt "),
		[]byte("OggS\x00\x02"), []byte("\x1A\x45\xDF\xA3\x9f\x42\x86\x81\x01webm"), []byte("\x00\x00\x00\x20ftypM4A "),
		[]byte("ID3\x04\x00"), {0xFF, 0xF1, 0x50, 0x80}, {0xFF, 0xFB, 0x90, 0x64}, []byte("%PDF-1.7"), []byte("PK\x03\x04")}
	for _, whole := range [][]byte{png, jpg, gf} {
		for _, n := range []int{8, 16, 24, 33, len(whole) / 2, len(whole) - 1} {
			seeds = append(seeds, whole[:min(n, len(whole))])
		}
	}
	return seeds
}

// wantImage reports the format an accepted image upload must have: the decoders Go has read the header as
// that format, at least one pixel wide and high and at most 50 megapixels (decisions.md §5).
func wantImage(data []byte) (string, bool) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width < 1 || cfg.Height < 1 || int64(cfg.Width)*int64(cfg.Height) > 50_000_000 {
		return "", false
	}
	return format, true
}

// wantReceipt is the test's own reading of decisions.md §5: a JPEG or PNG by signature whose header decodes,
// at most 5 MB. It returns the stored extension.
func wantReceipt(data []byte) (string, bool) {
	var ext, format string
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xD8, 0xFF}):
		ext, format = ".jpg", "jpeg"
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		ext, format = ".png", "png"
	default:
		return "", false
	}
	got, ok := wantImage(data)
	return ext, ok && got == format && len(data) <= maxReceiptBytes
}

// keptFiles lists the files in dir, temporary ones included.
func keptFiles(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// refusal returns the status of an upload's error, failing on anything but a 400 or 413 answer.
func refusal(t *testing.T, err error) int {
	t.Helper()
	var ae *apiError
	if !errors.As(err, &ae) || (ae.Status != http.StatusBadRequest && ae.Status != http.StatusRequestEntityTooLarge) {
		t.Fatalf("an upload was refused with %v", err)
	}
	return ae.Status
}

// FuzzReceiptUpload: a receipt is kept exactly when it is a JPEG or PNG by signature whose header decodes
// to at most 50 megapixels; it is kept byte for byte under a random name with the extension of its type,
// and a refused one leaves no file.
func FuzzReceiptUpload(f *testing.F) {
	for _, s := range uploadSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a := &App{uploads: t.TempDir()}
		if err := os.MkdirAll(a.receiptsDir(), 0o750); err != nil {
			t.Fatal(err)
		}
		name, err := a.saveReceipt(bytes.NewReader(data))
		ext, want := wantReceipt(data)
		kept := keptFiles(t, a.receiptsDir())
		if err != nil {
			refusal(t, err)
			if want || len(kept) != 0 {
				t.Fatalf("%d bytes %q refused (%v), want kept %v; left %v", len(data), head(data), err, want, kept)
			}
			return
		}
		if !want || !receiptName.MatchString(name) || filepath.Ext(name) != ext || len(kept) != 1 || kept[0] != name {
			t.Fatalf("%d bytes %q kept as %q (want %v %s); folder %v", len(data), head(data), name, want, ext, kept)
		}
		if got, _ := os.ReadFile(filepath.Join(a.receiptsDir(), name)); !bytes.Equal(got, data) {
			t.Fatalf("%q stored %d bytes of %d, not the same", name, len(got), len(data))
		}
	})
}

func head(b []byte) []byte { return b[:min(len(b), 24)] }

// chatSignatures are decisions.md §5's chat types as the test reads their first bytes (a WebM's doc type
// within the first 64).
var chatSignatures = map[string]func(h []byte) bool{
	".jpg": func(h []byte) bool { return bytes.HasPrefix(h, []byte{0xFF, 0xD8, 0xFF}) },
	".png": func(h []byte) bool { return bytes.HasPrefix(h, []byte("\x89PNG\r\n\x1a\n")) },
	".gif": func(h []byte) bool {
		return bytes.HasPrefix(h, []byte("GIF87a")) || bytes.HasPrefix(h, []byte("GIF89a"))
	},
	".webp": func(h []byte) bool {
		return bytes.HasPrefix(h, []byte("RIFF")) && len(h) >= 15 && string(h[8:15]) == "WEBPVP8"
	},
	".wav": func(h []byte) bool {
		return bytes.HasPrefix(h, []byte("RIFF")) && len(h) >= 16 && string(h[8:16]) == "WAVEfmt "
	},
	".ogg": func(h []byte) bool { return bytes.HasPrefix(h, []byte("OggS")) },
	".webm": func(h []byte) bool {
		return bytes.HasPrefix(h, []byte("\x1A\x45\xDF\xA3")) && bytes.Contains(h[:min(len(h), 64)], []byte("webm"))
	},
	".m4a": func(h []byte) bool { return len(h) >= 8 && string(h[4:8]) == "ftyp" },
	".mp3": func(h []byte) bool {
		return bytes.HasPrefix(h, []byte("ID3")) || len(h) >= 2 && h[0] == 0xFF && h[1]&0xE0 == 0xE0 && h[1]&0x06 != 0 // layer 00 is reserved
	},
	".aac": func(h []byte) bool { return len(h) >= 2 && h[0] == 0xFF && h[1]&0xF6 == 0xF0 },
}

// FuzzChatUpload: a chat file is kept only when its first bytes carry the signature of the type it is kept
// as, an image's header decodes as that format to at most 50 megapixels, and it is within the size limit
// (fuzzed too, 0 meaning the real 10 MB); it is kept byte for byte, a file of a known type over the limit is
// refused with 413, and a refused file leaves nothing behind.
func FuzzChatUpload(f *testing.F) {
	for _, s := range uploadSeeds(f) {
		f.Add(s, uint16(0))
	}
	png := pngBytes(f)
	f.Add(png, uint16(len(png)))
	f.Add(png, uint16(len(png)-1))
	f.Add([]byte("ID3\x04\x00 and the rest of a song"), uint16(10))
	f.Fuzz(func(t *testing.T, data []byte, limit uint16) {
		maxBytes := int64(limit)
		if limit == 0 {
			maxBytes = maxChatFileBytes
		}
		dir := t.TempDir()
		name, size, err := upload{dir: dir, maxBytes: maxBytes, sniff: sniffChatFile, check: checkChatFile,
			wrongMsg: msgChatFileType, largeMsg: msgChatFileTooLarge}.save(bytes.NewReader(data))
		kept := keptFiles(t, dir)
		typed := false
		for _, sig := range chatSignatures {
			typed = typed || sig(data)
		}
		if err != nil {
			status := refusal(t, err)
			if len(kept) != 0 {
				t.Fatalf("%q refused (%v) but left %v", head(data), err, kept)
			}
			if (status == http.StatusRequestEntityTooLarge) != (typed && int64(len(data)) > maxBytes) {
				t.Fatalf("%d bytes %q with limit %d refused with %d", len(data), head(data), maxBytes, status)
			}
			return
		}
		ext := filepath.Ext(name)
		sig, known := chatSignatures[ext]
		if _, kind := chatFileKinds[ext]; !known || !kind || !sig(data) {
			t.Fatalf("%q kept as %q", head(data), name)
		}
		if size != int64(len(data)) || size > maxBytes || len(kept) != 1 || kept[0] != name {
			t.Fatalf("%d bytes kept as %d with limit %d; folder %v", len(data), size, maxBytes, kept)
		}
		if format, ok := wantImage(data); chatFileKinds[ext].kind == "image" && ext != ".webp" &&
			(!ok || "."+strings.Replace(format, "jpeg", "jpg", 1) != ext) {
			t.Fatalf("%q kept as the image %q but reads as %q %v", head(data), name, format, ok)
		}
		if got, _ := os.ReadFile(filepath.Join(dir, name)); !bytes.Equal(got, data) {
			t.Fatalf("%q stored %d bytes of %d, not the same", name, len(got), len(data))
		}
	})
}

// depositBody is a multipart deposit form with the amount field and, when receipt is not nil, the file.
func depositBody(amount string, receipt []byte) (body []byte, contentType string) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	mw.WriteField("amount", amount)
	if receipt != nil {
		fw, _ := mw.CreateFormFile("receipt", "receipt.png")
		fw.Write(receipt)
	}
	mw.Close()
	return buf.Bytes(), mw.FormDataContentType()
}

// FuzzDepositForm sends deposit forms through the real handler of one shop: built from a fuzzed amount and
// file, or (when raw is not empty) a fuzzed multipart body. No form is answered 5xx; a deposit is recorded
// exactly when the amount is a valid rial amount and the receipt a valid image, for that amount and with
// that file; a refused form records nothing and keeps no file; no balance moves either way.
func FuzzDepositForm(f *testing.F) {
	png := pngBytes(f)
	for _, amount := range []string{"1500000", "۱٬۵۰۰٬۰۰۰", "0", "-5", "1e6", "1.5", "1000000000000001", "", "\x00",
		"\u202e100", strings.Repeat("۰", 40) + "۱"} {
		f.Add(amount, png, []byte(nil))
	}
	for _, s := range uploadSeeds(f) {
		f.Add("1000", s, []byte(nil))
	}
	good, _ := depositBody("2500", png)
	for _, raw := range [][]byte{good, []byte("--B\r\nContent-Disposition: form-data; name=\"amount\"\r\n\r\n12\r\n--B--\r\n"),
		[]byte("--B\r\nContent-Disposition: form-data; name=\"receipt\"; filename=\"a\"\r\n\r\n\x89PNG\r\n--B--\r\n"),
		[]byte("--B\r\n\r\n"), []byte("--B--"), []byte("junk")} {
		f.Add("", []byte(nil), raw)
	}

	shop := newTestShop(f)
	c := shop.newTrader(1, "")
	userID, _ := strconv.ParseInt(c.id, 10, 64)
	ctx := context.Background()
	dir := shop.app.receiptsDir()
	depositsToday := 0
	f.Fuzz(func(t *testing.T, amount string, file, raw []byte) {
		s := *shop
		s.t = t
		if depositsToday == store.DefaultShop.ReceiptsPerDay { // the day's quota of receipts: on to the next day
			s.clock.Advance(24 * time.Hour)
			c.token, depositsToday = s.newLogin(userID), 0
		}
		before, err := s.store.Balances(ctx, userID)
		if err != nil {
			t.Fatal(err)
		}
		requestsBefore, err := s.store.WalletRequestsOfUser(ctx, userID, false)
		if err != nil {
			t.Fatal(err)
		}
		filesBefore := keptFiles(t, dir)

		body, ctype := depositBody(amount, file)
		if len(raw) > 0 {
			body, ctype = raw, `multipart/form-data; boundary=B`
		}
		req, err := http.NewRequest("POST", s.srv.URL+"/api/wallet/deposit", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", ctype)
		req.Header.Set("Authorization", "Bearer "+c.token)
		r := s.send(nil, req)

		after, err := s.store.Balances(ctx, userID)
		if err != nil {
			t.Fatal(err)
		}
		if after != before {
			t.Fatalf("a deposit form moved the balances: %+v → %+v", before, after)
		}
		requests, err := s.store.WalletRequestsOfUser(ctx, userID, false)
		if err != nil {
			t.Fatal(err)
		}
		files := keptFiles(t, dir)
		if r.Status >= 500 {
			t.Fatalf("answered %d: %s", r.Status, r.Body)
		}
		if r.Status != 200 {
			if r.Status < 400 || len(requests) != len(requestsBefore) || len(files) != len(filesBefore) {
				t.Fatalf("refused with %d %s but %d → %d requests, files %v → %v", r.Status, r.Body,
					len(requestsBefore), len(requests), filesBefore, files)
			}
		} else if len(requests) != len(requestsBefore)+1 || len(files) != len(filesBefore)+1 {
			t.Fatalf("accepted but %d → %d requests, %d → %d files", len(requestsBefore), len(requests), len(filesBefore), len(files))
		} else {
			depositsToday++
		}
		if len(raw) > 0 {
			return
		}
		wantAmount, amountOK := wantRial(amount)
		amountOK = amountOK && len(amount) <= 64 // the form's amount field is at most 64 bytes: longer is refused, never cut
		_, receiptOK := wantReceipt(file)
		if (r.Status == 200) != (amountOK && receiptOK) {
			t.Fatalf("amount %q, receipt %q: answered %d %s", amount, head(file), r.Status, r.Body)
		}
		if r.Status != 200 {
			return
		}
		got := r.JSON["request"].(map[string]any)
		if got["amount"] != rules.FormatRial(wantAmount) || got["type"] != "deposit" || got["status"] != "pending" {
			t.Fatalf("amount %q recorded as %v", amount, got)
		}
		stored, _ := os.ReadFile(filepath.Join(dir, path.Base(got["receipt_image"].(string))))
		if !bytes.Equal(stored, file) {
			t.Fatalf("the receipt was stored as %d bytes, not the %d sent", len(stored), len(file))
		}
	})
}
