package app

import (
	"strings"
	"unicode/utf8"

	"goldshop/iran"
	"goldshop/store"
)

// shopInput is the owner's change to the shop's settings: a field left out keeps its value.
type shopInput struct {
	Name      *string   `json:"name"`
	ShortName *string   `json:"short_name"`
	Phones    *[]string `json:"phones"`
	Address   *string   `json:"address"`
	Hours     *string   `json:"hours"`
	About     *string   `json:"about"`
	Licence   *string   `json:"licence"`
	// the tax identity (issue 38): digits only, as the tax office writes them
	EconomicCode *string `json:"economic_code"`
	NationalID   *string `json:"national_id"`
	PostalCode   *string `json:"postal_code"`
	// a customer's uploads of one day (issue 27)
	ReceiptsPerDay  *int `json:"receipts_per_day"`
	ChatFilesPerDay *int `json:"chat_files_per_day"`
}

// The longest each setting may be, in characters. The name fits the header of a 360 px phone; the short
// name fits under an icon on the phone's home screen.
const (
	maxShopName      = 60
	maxShopShortName = 12
	maxShopPhones    = 5
	maxShopLine      = 200 // address, hours, licence
	maxShopAbout     = 2000
	maxDailyQuota    = 1000 // uploads of one kind a customer may be allowed in a day
)

// apply lays in over sh and returns the result, or the first problem in screen order as a Persian message.
func (in shopInput) apply(sh store.Shop) (store.Shop, string) {
	line := func(dst *string, src *string, max int, msg string) string {
		if src == nil {
			return ""
		}
		v := strings.Join(strings.Fields(*src), " ")
		if utf8.RuneCountInString(v) > max || !plainText(v) {
			return msg
		}
		*dst = v
		return ""
	}
	if in.Name != nil {
		if strings.TrimSpace(*in.Name) == "" {
			return sh, msgShopNameRequired
		}
		if problem := line(&sh.Name, in.Name, maxShopName, msgShopNameTooLong); problem != "" {
			return sh, problem
		}
	}
	if problem := line(&sh.ShortName, in.ShortName, maxShopShortName, msgShopShortNameTooLong); problem != "" {
		return sh, problem
	}
	if sh.ShortName == "" {
		if utf8.RuneCountInString(sh.Name) > maxShopShortName {
			return sh, msgShopShortNameRequired
		}
		sh.ShortName = sh.Name
	}
	if in.Phones != nil {
		if len(*in.Phones) > maxShopPhones {
			return sh, msgShopTooManyPhones
		}
		phones := make([]string, 0, len(*in.Phones))
		for _, p := range *in.Phones {
			phone, ok := normalizeShopPhone(p)
			if !ok {
				return sh, msgShopPhoneInvalid
			}
			if phone != "" {
				phones = append(phones, phone)
			}
		}
		sh.Phones = phones
	}
	for _, f := range []struct {
		dst *string
		src *string
		msg string
	}{{&sh.Address, in.Address, msgShopAddressTooLong}, {&sh.Hours, in.Hours, msgShopHoursTooLong},
		{&sh.Licence, in.Licence, msgShopLicenceTooLong}} {
		if problem := line(f.dst, f.src, maxShopLine, f.msg); problem != "" {
			return sh, problem
		}
	}
	for _, f := range []struct {
		dst      *string
		src      *string
		min, max int
		msg      string
	}{{&sh.EconomicCode, in.EconomicCode, 10, 14, msgShopEconomicCode}, {&sh.NationalID, in.NationalID, 10, 11, msgShopNationalID},
		{&sh.PostalCode, in.PostalCode, 10, 10, msgShopPostalCode}} {
		if f.src == nil {
			continue
		}
		v := iran.LatinDigits(strings.Join(strings.FieldsFunc(*f.src, func(r rune) bool { return r == ' ' || r == '-' }), ""))
		if v != "" && (!iran.OnlyDigits(v) || len(v) < f.min || len(v) > f.max) {
			return sh, f.msg
		}
		*f.dst = v
	}
	if in.About != nil {
		// The about text keeps its paragraphs: each line is cleaned on its own.
		lines := strings.Split(strings.ReplaceAll(*in.About, "\r\n", "\n"), "\n")
		for i, l := range lines {
			lines[i] = strings.Join(strings.Fields(l), " ")
		}
		about := strings.TrimSpace(strings.Join(lines, "\n"))
		if utf8.RuneCountInString(about) > maxShopAbout || !plainText(about) {
			return sh, msgShopAboutTooLong
		}
		sh.About = about
	}
	for _, q := range []struct {
		dst *int
		src *int
	}{{&sh.ReceiptsPerDay, in.ReceiptsPerDay}, {&sh.ChatFilesPerDay, in.ChatFilesPerDay}} {
		if q.src == nil {
			continue
		}
		if *q.src < 1 || *q.src > maxDailyQuota {
			return sh, msgShopQuota
		}
		*q.dst = *q.src
	}
	return sh, ""
}

// normalizeShopPhone keeps a phone number as digits (Persian or Arabic digits read as Latin), with a leading
// + for an international number; spaces, dashes and brackets are dropped. "" (and ok) for an empty row.
func normalizeShopPhone(raw string) (string, bool) {
	s := iran.LatinDigits(strings.TrimSpace(raw))
	plus := strings.HasPrefix(s, "+")
	s = strings.Map(func(r rune) rune {
		if strings.ContainsRune(" -()+", r) {
			return -1
		}
		return r
	}, s)
	if s == "" && !plus {
		return "", true
	}
	if !iran.OnlyDigits(s) || len(s) < 5 || len(s) > 15 {
		return "", false
	}
	if plus {
		s = "+" + s
	}
	return s, true
}
