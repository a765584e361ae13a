// Package iran reads and writes Iran's formats and keeps Iran's calendar: Persian and Arabic-Indic digits,
// mobile numbers, national ids, names, bank cards and IBANs, Jalali dates and the Tehran clock.
//
// It holds no Persian user-facing words: a parser answers with a value or one of the English sentinel errors
// below, and the caller (app) chooses the message a person reads and the status code. The only Persian text
// it hands out is data: bank names from goldshop/data and numbers written with Persian digits.
package iran
