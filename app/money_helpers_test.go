package app

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"testing"
)

// pngBytes is a real, small PNG image: what a phone's screenshot of a bank receipt is, only tinier.
func pngBytes(t testing.TB) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 4, 3))
	img.Set(1, 1, color.RGBA{200, 160, 40, 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// upload posts a multipart deposit form; fields with a nil file are plain fields.
func (s *testShop) upload(path, token string, fields map[string]string, file []byte, headers map[string]string) reply {
	s.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range fields {
		mw.WriteField(k, v)
	}
	if file != nil {
		fw, _ := mw.CreateFormFile("receipt", "receipt.png")
		fw.Write(file)
	}
	mw.Close()
	req, _ := http.NewRequest("POST", s.srv.URL+path, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	return s.send(nil, req)
}

// deposit makes a pending deposit of amount rial for the customer and returns its id.
func (s *testShop) deposit(token string, amount string) int64 {
	s.t.Helper()
	r := s.upload("/api/wallet/deposit", token, map[string]string{"amount": amount}, pngBytes(s.t), nil)
	if r.Status != 200 {
		s.t.Fatalf("deposit: %d %s", r.Status, r.Body)
	}
	return int64(r.JSON["request"].(map[string]any)["id"].(float64))
}

// fund deposits amount and has the admin approve it.
func (s *testShop) fund(token, admin, amount string) {
	s.t.Helper()
	id := s.deposit(token, amount)
	if r := s.do("PUT", fmt.Sprintf("/api/wallet/requests/%d", id), admin, map[string]string{"status": "approved"}); r.Status != 200 {
		s.t.Fatalf("approve: %d %s", r.Status, r.Body)
	}
}

// addCard registers a card for the customer and returns its id.
func (s *testShop) addCard(token, card string) int64 {
	s.t.Helper()
	r := s.do("POST", "/api/bank-accounts", token, map[string]string{"card_number": card})
	if r.Status != 200 {
		s.t.Fatalf("add card: %d %s", r.Status, r.Body)
	}
	return int64(r.JSON["account"].(map[string]any)["id"].(float64))
}

// balances returns the customer's balances as the API writes them.
func (s *testShop) balances(token string) map[string]any {
	s.t.Helper()
	r := s.do("GET", "/api/wallet/balances", token, nil)
	if r.Status != 200 {
		s.t.Fatalf("balances: %d %s", r.Status, r.Body)
	}
	return r.JSON
}
