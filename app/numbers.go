package app

import (
	"bytes"
	"encoding/json"

	"goldshop/iran"
)

// numberText is a number field that arrives as a JSON number or a numeric string (with Persian or Arabic
// digits and thousands separators); it holds the normalised text for the field's own parser.
type numberText string

// UnmarshalJSON accepts 1500000, "1500000", "۱٬۵۰۰٬۰۰۰" and "1,500,000" alike.
func (n *numberText) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*n = ""
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*n = numberText(iran.NumberText(s))
		return nil
	}
	var num json.Number
	if err := json.Unmarshal(b, &num); err != nil {
		return err
	}
	*n = numberText(num.String())
	return nil
}
