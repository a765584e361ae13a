package app

import (
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

type vaultItemView struct {
	ID              int64     `json:"id"`
	Kind            string    `json:"kind"`
	Description     string    `json:"description"`
	Weight          string    `json:"weight"`
	Purity          string    `json:"purity"`
	Weight750       string    `json:"weight750"`
	Lab             string    `json:"lab"`
	IngotNumber     string    `json:"ingot_number"`
	StandardCode    string    `json:"standard_code"`
	ProductionCode  string    `json:"production_code"`
	TrackingCode    string    `json:"tracking_code"`
	Status          string    `json:"status"`
	Requestable     bool      `json:"requestable"`
	BarID           int64     `json:"bar_id,omitempty"`
	Tag             string    `json:"tag"`
	Category        string    `json:"category"`
	WagePercent     string    `json:"wage_percent"`
	WageRialPerGram int64     `json:"wage_rial_per_gram"`
	Assay           string    `json:"assay"`
	CreatedAt       time.Time `json:"created_at"`
	UpdatedAt       time.Time `json:"updated_at"`
}

// viewVaultItem writes an item; an abshodeh bar names itself (bar_id is its id, by which the inventory and
// the gold requests know it) and is requestable while it is in.
func viewVaultItem(it store.VaultItem) vaultItemView {
	v := vaultItemView{ID: it.ID, Kind: it.Kind, Description: it.Description, Weight: rules.FormatGold(it.WeightMg),
		Purity: rules.FormatAyar(it.PurityCenti), Weight750: rules.FormatGold(it.Weight750Mg), Lab: it.Lab,
		IngotNumber: it.IngotNumber, StandardCode: it.StandardCode, ProductionCode: it.ProductionCode,
		TrackingCode: it.TrackingCode, Status: it.Status, Requestable: it.Requestable && it.Status == store.VaultIn,
		Tag: it.Tag, Category: it.Category, WagePercent: rules.FormatPercent(it.WageBP),
		WageRialPerGram: it.WagePerGramRial, Assay: it.Assay, CreatedAt: it.CreatedAt, UpdatedAt: it.UpdatedAt}
	if it.Requestable {
		v.BarID = it.ID
	}
	return v
}

type vaultMoveView struct {
	ID            int64     `json:"id"`
	Kind          string    `json:"kind"`
	Delta750      string    `json:"delta750"`
	WeightBefore  string    `json:"weight_before,omitempty"`
	WeightAfter   string    `json:"weight_after,omitempty"`
	PurityBefore  string    `json:"purity_before,omitempty"`
	PurityAfter   string    `json:"purity_after,omitempty"`
	StatusAfter   string    `json:"status_after"`
	Note          string    `json:"note"`
	AdminID       int64     `json:"admin_id,omitempty"`
	GoldRequestID int64     `json:"gold_request_id,omitempty"`
	CreatedAt     time.Time `json:"created_at"`
}

// viewVaultMove writes a move; figures it did not change are left out.
func viewVaultMove(m store.VaultMove) vaultMoveView {
	v := vaultMoveView{ID: m.ID, Kind: m.Kind, Delta750: rules.FormatGold(m.Delta750Mg), StatusAfter: m.StatusAfter,
		Note: m.Note, AdminID: m.AdminID, GoldRequestID: m.GoldRequestID, CreatedAt: m.CreatedAt}
	gold := func(mg int64) string {
		if mg == 0 {
			return ""
		}
		return rules.FormatGold(mg)
	}
	ayar := func(c int64) string {
		if c == 0 {
			return ""
		}
		return rules.FormatAyar(c)
	}
	v.WeightBefore, v.WeightAfter = gold(m.WeightBeforeMg), gold(m.WeightAfterMg)
	v.PurityBefore, v.PurityAfter = ayar(m.PurityBeforeCenti), ayar(m.PurityAfterCenti)
	return v
}

// vaultItemRequest is an item as the owner sends it; a PUT sends only what changes (nil keeps the field).
type vaultItemRequest struct {
	Kind           *string     `json:"kind"`
	Description    *string     `json:"description"`
	Weight         *numberText `json:"weight"`
	Purity         *numberText `json:"purity"`
	Lab            *string     `json:"lab"`
	IngotNumber    *string     `json:"ingot_number"`
	StandardCode   *string     `json:"standard_code"`
	ProductionCode *string     `json:"production_code"`
	TrackingCode   *string     `json:"tracking_code"`
	// a piece's counter fields (issue 38): its tag code, category and default wage (a percent or rial per gram)
	Tag             *string     `json:"tag"`
	Category        *string     `json:"category"`
	WagePercent     *numberText `json:"wage_percent"`
	WageRialPerGram *numberText `json:"wage_rial_per_gram"`
	// "unassayed" marks melted gold added by hand at its estimated purity, to be sent to the melter (issue 39)
	Assay *string `json:"assay"`
	Note  string  `json:"note"`
}

// itemFault names the rule an item broke; the vault's form and the abshodeh bar's word each their own way.
type itemFault int

const (
	itemValid itemFault = iota
	faultKind
	faultText
	faultDescription
	faultLab
	faultIngot
	faultCodeLong
	faultNote
	faultBarCodes
	faultPurity
	faultWeight
	faultTooLight
	faultWage
	faultAssay
	faultTag
)

// vaultFaults are the vault form's words for each fault.
var vaultFaults = map[itemFault]string{
	faultKind: msgVaultKind, faultText: msgTextNotPlain, faultDescription: msgVaultDescription,
	faultLab: msgVaultCodeLong, faultIngot: msgVaultCodeLong, faultCodeLong: msgVaultCodeLong, faultNote: msgVaultNote,
	faultBarCodes: msgVaultBarCodes, faultPurity: msgVaultPurity, faultWeight: msgVaultWeight, faultTooLight: msgVaultTooLight,
	faultWage: msgCounterWage, faultAssay: msgVaultAssay, faultTag: msgTagBadCode,
}

// item checks the request laid over base (the item as stored, or empty for a new one) with the vault's words.
func (req vaultItemRequest) item(base store.VaultItem) (store.VaultItem, error) {
	it, fault := req.check(base)
	if fault != itemValid {
		return it, badRequest(vaultFaults[fault])
	}
	return it, nil
}

// check is the one validator of a vault item, an abshodeh bar included: it lays the request over base and
// computes the 750-equivalent; the server never takes it from the client. A new bar (requestable) needs its
// lab and ingot, by which customers ask for it.
func (req vaultItemRequest) check(base store.VaultItem) (store.VaultItem, itemFault) {
	it := base
	text := func(p *string, dst *string, clean func(string) string) {
		if p != nil {
			*dst = clean(*p)
		}
	}
	words := func(s string) string { return strings.Join(strings.Fields(iran.Name(s)), " ") }
	code := func(s string) string { return iran.LatinDigits(strings.TrimSpace(s)) }
	text(req.Kind, &it.Kind, strings.TrimSpace)
	text(req.Description, &it.Description, words)
	text(req.Lab, &it.Lab, words)
	text(req.IngotNumber, &it.IngotNumber, code)
	text(req.StandardCode, &it.StandardCode, code)
	text(req.ProductionCode, &it.ProductionCode, code)
	text(req.TrackingCode, &it.TrackingCode, code)
	text(req.Tag, &it.Tag, code)
	text(req.Category, &it.Category, words)
	text(req.Assay, &it.Assay, strings.TrimSpace)
	if !slices.Contains(store.VaultKinds, it.Kind) {
		return it, faultKind
	}
	if it.Assay != "" && (it.Assay != store.AssayUnassayed || it.Kind != store.VaultMelted || it.Requestable) {
		return it, faultAssay
	}
	for _, s := range []string{it.Description, it.Lab, it.IngotNumber, it.StandardCode, it.ProductionCode, it.TrackingCode,
		it.Tag, it.Category, req.Note} {
		if !plainText(s) {
			return it, faultText
		}
	}
	newBar := base.ID == 0 && base.Requestable
	switch {
	case utf8.RuneCountInString(it.Description) > 500:
		return it, faultDescription
	case utf8.RuneCountInString(it.Lab) > 100, newBar && it.Lab == "":
		return it, faultLab
	case utf8.RuneCountInString(it.IngotNumber) > 50, newBar && it.IngotNumber == "":
		return it, faultIngot
	case utf8.RuneCountInString(it.StandardCode) > 100, utf8.RuneCountInString(it.ProductionCode) > 100,
		utf8.RuneCountInString(it.TrackingCode) > 100:
		return it, faultCodeLong
	case utf8.RuneCountInString(req.Note) > 500:
		return it, faultNote
	case utf8.RuneCountInString(it.Tag) > 50, utf8.RuneCountInString(it.Category) > 100:
		return it, faultCodeLong
	case it.Tag != "" && !tagCode(it.Tag):
		return it, faultTag
	case it.Kind == store.VaultBar && (it.Lab == "" || it.IngotNumber == "" || it.StandardCode == "" ||
		it.ProductionCode == "" || it.TrackingCode == ""):
		return it, faultBarCodes
	}
	var ok bool
	if req.WagePercent != nil {
		if it.WageBP, ok = rules.ParsePercent(string(*req.WagePercent)); !ok {
			return it, faultWage
		}
		it.WagePerGramRial = 0
	}
	if req.WageRialPerGram != nil && *req.WageRialPerGram != "" {
		if it.WagePerGramRial, ok = rules.ParseRial(string(*req.WageRialPerGram)); !ok || it.WagePerGramRial > rules.MaxAmountRial {
			return it, faultWage
		}
		if it.WagePerGramRial > 0 {
			it.WageBP = 0
		}
	}
	if req.Purity != nil || base.ID == 0 {
		if it.PurityCenti, ok = rules.ParseAyar(string(derefNumber(req.Purity))); !ok {
			return it, faultPurity
		}
	}
	if req.Weight != nil || base.ID == 0 {
		if it.WeightMg, ok = rules.ParseGoldMg(string(derefNumber(req.Weight))); !ok || it.WeightMg <= 0 {
			return it, faultWeight
		}
	}
	if it.Weight750Mg = rules.Vazn750Mg(it.WeightMg, it.PurityCenti); it.Weight750Mg <= 0 {
		return it, faultTooLight
	}
	return it, itemValid
}

func derefNumber(n *numberText) numberText {
	if n == nil {
		return ""
	}
	return *n
}

// vaultOutRequest takes an item out; reason is the move's kind.
type vaultOutRequest struct {
	Reason string `json:"reason"`
	Note   string `json:"note"`
}

// vaultOutReasons are the ways out the API names; delivered is accepted as a word and refused by the store
// (a delivery goes through its gold request).
var vaultOutReasons = []string{store.MoveSold, store.MoveMelted, store.MoveCorrected, store.MoveDelivered}

func (req vaultOutRequest) check() (reason, note string, err error) {
	reason, note = strings.TrimSpace(req.Reason), strings.Join(strings.Fields(req.Note), " ")
	switch {
	case !slices.Contains(vaultOutReasons, reason):
		return "", "", badRequest(msgVaultReason)
	case !plainText(note):
		return "", "", badRequest(msgTextNotPlain)
	case utf8.RuneCountInString(note) > 500:
		return "", "", badRequest(msgVaultNote)
	}
	return reason, note, nil
}
