package main

import (
	"context"
	"path/filepath"
	"testing"

	"goldshop/store"
)

func TestFillMakesABalancedShopOfTheAskedSize(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	rep, err := Fill(ctx, dir, size{customers: 6, journals: 400, heavy: 120}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Journals < 400 || rep.Postings < 3*rep.Journals {
		t.Fatalf("report %+v", rep)
	}
	st, err := store.Open(ctx, filepath.Join(dir, "goldshop.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	heavy, err := st.UserByPhone(ctx, "09120000001")
	if err != nil {
		t.Fatal(err)
	}
	if list, err := st.Statement(ctx, heavy.ID); err != nil || len(list) < 110 || len(list) > 130 {
		t.Fatalf("the heavy customer's statement has %d entries (err %v), want about 120", len(list), err)
	}
	if _, err := Fill(ctx, dir, size{customers: 1, journals: 1}, 1); err == nil {
		t.Fatal("filled a folder that already holds a shop")
	}
}
