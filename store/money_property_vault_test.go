package store

import (
	"errors"
	"time"

	"pgregory.net/rapid"
)

// The money machine's vault: melted gold received, and loose items taken out (sold, melted, corrected).

// vaultItemModel is a loose vault item (not an abshodeh bar) the owner may take out.
type vaultItemModel struct {
	id, mg int64
	in     bool
}

// Receive puts melted gold of 750 in the vault.
func (m *moneyMachine) Receive(t *rapid.T) {
	mg := rapid.Int64Range(1, 10_000).Draw(t, "received")
	it, err := m.s.AddVaultItem(ctxBg, m.admin, VaultItem{Kind: VaultMelted, Description: "آبشده", WeightMg: mg,
		PurityCenti: 75_000, Weight750Mg: mg}, "", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	m.heldMg += mg
	m.items = append(m.items, &vaultItemModel{it.ID, mg, true})
}

// TakeOut takes a loose item out of the vault (sold, melted or corrected), or is refused for one already out.
func (m *moneyMachine) TakeOut(t *rapid.T) {
	if len(m.items) == 0 {
		t.Skip("no loose items")
	}
	it := rapid.SampledFrom(m.items).Draw(t, "item")
	reason := rapid.SampledFrom([]string{MoveSold, MoveMelted, MoveCorrected}).Draw(t, "reason")
	_, err := m.s.TakeOutVaultItem(ctxBg, m.admin, it.id, reason, "", time.Now())
	switch {
	case !it.in:
		if !errors.Is(err, ErrVaultItemOut) {
			t.Fatalf("an item out twice: %v", err)
		}
	case err != nil:
		t.Fatal(err)
	default:
		it.in = false
		m.heldMg -= it.mg
	}
}
