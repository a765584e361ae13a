package iran

import "testing"

func TestWordsWritesAmountsAsAnInvoiceDoes(t *testing.T) {
	cases := map[int64]string{
		0:                     "صفر",
		7:                     "هفت",
		15:                    "پانزده",
		40:                    "چهل",
		101:                   "صد و یک",
		999:                   "نهصد و نود و نه",
		1000:                  "یک هزار",
		1_250_000:             "یک میلیون و دویست و پنجاه هزار",
		2_000_017:             "دو میلیون و هفده",
		457_147_498:           "چهارصد و پنجاه و هفت میلیون و صد و چهل و هفت هزار و چهارصد و نود و هشت",
		3_000_000_000:         "سه میلیارد",
		1_000_000_000_000_000: "یک میلیون میلیارد",
	}
	for n, want := range cases {
		if got := Words(n); got != want {
			t.Errorf("Words(%d) = %q, want %q", n, got, want)
		}
	}
}
