package iran

import "strings"

// Words writes a whole non-negative number in Persian words, as an invoice's amount in words (مبلغ به حروف):
// 1250000 is «یک میلیون و دویست و پنجاه هزار». Groups of three digits are named by their scale and joined
// with «و».
func Words(n int64) string {
	if n == 0 {
		return "صفر"
	}
	if n < 0 {
		return "منفی " + Words(-n)
	}
	scales := []string{"", "هزار", "میلیون", "میلیارد", "هزار میلیارد", "میلیون میلیارد", "میلیارد میلیارد"}
	var parts []string
	for i := 0; n > 0; i++ {
		if g := n % 1000; g > 0 {
			w := hundreds(g)
			if scales[i] != "" {
				w += " " + scales[i]
			}
			parts = append([]string{w}, parts...)
		}
		n /= 1000
	}
	return strings.Join(parts, " و ")
}

var (
	ones     = []string{"", "یک", "دو", "سه", "چهار", "پنج", "شش", "هفت", "هشت", "نه"}
	teens    = []string{"ده", "یازده", "دوازده", "سیزده", "چهارده", "پانزده", "شانزده", "هفده", "هجده", "نوزده"}
	tens     = []string{"", "", "بیست", "سی", "چهل", "پنجاه", "شصت", "هفتاد", "هشتاد", "نود"}
	hundredW = []string{"", "صد", "دویست", "سیصد", "چهارصد", "پانصد", "ششصد", "هفتصد", "هشتصد", "نهصد"}
)

// hundreds writes 1–999.
func hundreds(n int64) string {
	var parts []string
	if h := n / 100; h > 0 {
		parts = append(parts, hundredW[h])
	}
	switch r := n % 100; {
	case r >= 20:
		parts = append(parts, tens[r/10])
		if r%10 > 0 {
			parts = append(parts, ones[r%10])
		}
	case r >= 10:
		parts = append(parts, teens[r-10])
	case r > 0:
		parts = append(parts, ones[r])
	}
	return strings.Join(parts, " و ")
}
