package store

import (
	"context"
	"database/sql"
	"errors"
	"sort"
	"strconv"
	"time"

	"goldshop/iran"
	"goldshop/rules"
)

// Invoice statuses.
const (
	InvoiceRecorded = "recorded"
	InvoiceVoid     = "void"
)

// Why an invoice cannot be recorded or voided, besides the pricing's refusals (counter_price.go), the trade's
// (a wallet_gold payment is a sell) and the settlement's (rules.Settle).
var (
	// ErrCounterNoCustomer: a wallet method on an invoice without a goldshop customer.
	ErrCounterNoCustomer = errors.New("store: a wallet method without a customer")
	// ErrInvoiceVoid: the invoice is void already.
	ErrInvoiceVoid = errors.New("store: the invoice is void")
	// ErrInvoiceNotToday: an invoice is voided on its own Tehran day only.
	ErrInvoiceNotToday = errors.New("store: the invoice is not of today")
	// ErrInvoiceLotGone: a buy-back's lot has left the vault (melted, sold), so the invoice cannot be undone.
	ErrInvoiceLotGone = errors.New("store: a bought lot has left the vault")
)

// SettleError is a settlement refused (one of the rules' ErrSettle…) with the net it was weighed against.
type SettleError struct {
	Net int64
	Err error
}

func (e *SettleError) Error() string { return e.Err.Error() }
func (e *SettleError) Unwrap() error { return e.Err }

// CounterBuyer is who an invoice is for: a goldshop customer (UserID) or a walk-in's details as typed, or
// nobody (all empty).
type CounterBuyer struct {
	UserID                                 int64
	FirstName, LastName, Phone, NationalID string
}

// CounterPayment is one payment (in) or payout (out). A wallet_gold payment sells GoldMg of the customer's
// gold (its AmountRial is the sale's, computed by the shop) in the trade TradeJournalID; a wallet_gold payout
// credits GoldMg, the buy-backs' 750-equivalent.
type CounterPayment struct {
	Method         string
	AmountRial     int64
	GoldMg         int64
	TradeJournalID int64
}

// CounterInput is an invoice to record.
type CounterInput struct {
	AdminID  int64
	Draft    CounterDraft
	Buyer    CounterBuyer
	Payments []CounterPayment
	Payouts  []CounterPayment
}

// Invoice is a recorded counter invoice.
type Invoice struct {
	ID        int64
	Year, Seq int64
	Status    string
	Buyer     CounterBuyer
	PricedInvoice
	NetRial        int64
	BuyBacksAsGold bool
	Payments       []CounterPayment
	Payouts        []CounterPayment
	CreatedBy      int64
	CreatedByName  string // the staff member's name as it is now
	CreatedAt      time.Time
	VoidReason     string
	VoidedBy       int64
	VoidedAt       time.Time
}

// Number is the invoice's number as printed: its Jalali year and its place in it, "1405-000123".
func (inv Invoice) Number() string { return InvoiceNumber(inv.Year, inv.Seq) }

// InvoiceNumber writes a year's seq-th invoice number.
func InvoiceNumber(year, seq int64) string {
	n := strconv.FormatInt(seq, 10)
	for len(n) < 6 {
		n = "0" + n
	}
	return strconv.FormatInt(year, 10) + "-" + n
}

// Settlements are payments as the settlement rule weighs them (rules.Settle).
func Settlements(ps []CounterPayment) []rules.Settlement { return settlements(ps) }

func settlements(ps []CounterPayment) []rules.Settlement {
	out := make([]rules.Settlement, len(ps))
	for i, p := range ps {
		out[i] = rules.Settlement{Method: p.Method, Amount: p.AmountRial}
	}
	return out
}

// GoldPayout says whether payouts credit the buy-backs to the customer's gold (rules.GoldPayout).
func GoldPayout(payouts []CounterPayment) bool { return rules.GoldPayout(settlements(payouts)) }

// RecordInvoice records a counter invoice in one transaction: its number (the year's next, so numbers never
// skip), the pieces out of the vault as sold and the buy-backs in as unassayed melted lots, a wallet_gold
// payment's sell through the one trade path (hours, its own sell price, limits), the invoice's one journal,
// and the reserve's check: an invoice that leaves the vault short of what customers own is refused with the
// shortfall (a *ReserveShortError), as an online buy is. Nothing is written when anything is refused.
func (s *Store) RecordInvoice(ctx context.Context, in CounterInput, now time.Time) (Invoice, error) {
	terms, err := s.CounterTerms(ctx, now)
	if err != nil {
		return Invoice{}, err
	}
	var customer User
	if in.Buyer.UserID != 0 {
		if customer, err = s.UserByID(ctx, in.Buyer.UserID); err != nil {
			return Invoice{}, err
		}
		in.Buyer.FirstName, in.Buyer.LastName = customer.FirstName, customer.LastName
		in.Buyer.Phone, in.Buyer.NationalID = customer.PhoneNumber, customer.NationalID
	}
	for _, p := range append(append([]CounterPayment{}, in.Payments...), in.Payouts...) {
		if (p.Method == rules.PayWalletRial || p.Method == rules.PayWalletGold) && customer.ID == 0 {
			return Invoice{}, ErrCounterNoCustomer
		}
	}
	// a wallet_gold payment is a sell at the customer's own price, priced as every trade is
	var sells []TradeTerms
	for i, p := range in.Payments {
		if p.Method != rules.PayWalletGold {
			continue
		}
		tt, err := s.CounterSell(ctx, customer, p.GoldMg, now)
		if err != nil {
			return Invoice{}, err
		}
		in.Payments[i].AmountRial = tt.AmountRial
		sells = append(sells, tt)
	}
	var inv Invoice
	err = s.InTx(ctx, func(tx *sql.Tx) error {
		w := s.writeStmts.in(tx)
		if err := ensureDayOpen(ctx, w, now); err != nil {
			return err
		}
		before, err := reserveOf(ctx, w)
		if err != nil {
			return err
		}
		priced, err := priceInvoice(ctx, w, in.Draft, terms)
		if err != nil {
			return err
		}
		asGold := rules.GoldPayout(settlements(in.Payouts))
		if err := rules.Settle(priced.Net(asGold), len(in.Draft.BuyBacks) > 0, settlements(in.Payments),
			settlements(in.Payouts)); err != nil {
			return &SettleError{Net: priced.Net(asGold), Err: err}
		}
		year, _ := strconv.ParseInt(iran.JalaliDayText(now)[:4], 10, 64)
		res, err := w.ExecContext(ctx, `INSERT INTO counter_invoices (year, seq, user_id, buyer_first_name,
			buyer_last_name, buyer_phone, buyer_national_id, base_price_rial, buy_back_price_rial, vat_bp, vat_from,
			sales_rial, buy_backs_rial, vat_rial, net_rial, buy_backs_as_gold, created_by, created_at)
			VALUES (?1, (SELECT IFNULL(MAX(seq), 0) + 1 FROM counter_invoices WHERE year = ?1), ?2, ?3, ?4, ?5, ?6,
			?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)`, year, nullID(customer.ID), in.Buyer.FirstName,
			in.Buyer.LastName, in.Buyer.Phone, in.Buyer.NationalID, terms.BasePrice, terms.BuyBackPrice, terms.VAT.BP,
			terms.VAT.From, priced.SalesRial, priced.BuyBackRial, priced.VATRial, priced.Net(asGold), asGold,
			in.AdminID, now.UnixMilli())
		if err != nil {
			return err
		}
		id, err := res.LastInsertId()
		if err != nil {
			return err
		}
		var seq int64
		if err := w.QueryRowContext(ctx, `SELECT seq FROM counter_invoices WHERE id = ?`, id).Scan(&seq); err != nil {
			return err
		}
		number := InvoiceNumber(year, seq)
		if err := s.counterSells(ctx, w, customer, id, in.Payments, sells, now); err != nil {
			return err
		}
		if err := counterVaultMoves(ctx, w, id, in.AdminID, number, priced.Lines, now); err != nil {
			return err
		}
		if err := insertInvoiceLines(ctx, w, id, priced.Lines); err != nil {
			return err
		}
		if asGold {
			in.Payouts[0].GoldMg = priced.BuyBack750Mg()
		}
		legs := invoiceLegs(customer.ID, priced, asGold, in.Payments, in.Payouts)
		if err := ensureFreeNet(ctx, w, customer.ID, legs); err != nil {
			return err
		}
		if _, err := postJournal(ctx, w, journal{userID: customer.ID, typ: EntryCounter, status: InvoiceRecorded,
			counterInvoice: id, adminID: in.AdminID, legs: legs, freeChecked: true}, now); err != nil {
			return err
		}
		if err := insertPayments(ctx, w, id, in.Payments, in.Payouts); err != nil {
			return err
		}
		if err := ensureReserveKept(ctx, w, before); err != nil {
			return err
		}
		if inv, err = invoiceByID(ctx, w, id); err != nil {
			return err
		}
		return insertAudit(ctx, w, AuditEntry{AdminID: in.AdminID, Action: "counter.invoice", Target: "invoice:" + itoa(id),
			After: map[string]any{"number": number, "net": inv.NetRial, "lines": len(inv.Lines)}}, now)
	})
	return inv, err
}

// CounterSell prices a wallet_gold payment: mg of the customer's gold sold at their own sell price now, as
// every trade is priced (TradingTerms.Quote: fresh, the sell side open, the weight limits).
func (s *Store) CounterSell(ctx context.Context, customer User, mg int64, now time.Time) (TradeTerms, error) {
	trading, err := s.TradingTermsOfGrade(ctx, customer.Grade)
	if err != nil {
		return TradeTerms{}, err
	}
	return trading.Quote(EntrySell, false, mg, now)
}

// counterSells carries out the wallet_gold payments as the customer's sells, each an executed quote of the
// invoice, through the trade every trade takes; the trade credits the rial the invoice then takes.
func (s *Store) counterSells(ctx context.Context, w queryer, customer User, invoiceID int64, payments []CounterPayment,
	sells []TradeTerms, now time.Time) error {
	if len(sells) == 0 {
		return nil
	}
	settings, err := s.writerPriceSettings(ctx, w)
	if err != nil {
		return err
	}
	if !settings.Hours(EntrySell).Open(now) {
		return ErrTradingClosed
	}
	k := 0
	for i, p := range payments {
		if p.Method != rules.PayWalletGold {
			continue
		}
		tt := sells[k]
		k++
		q := Quote{UserID: customer.ID, Type: EntrySell, CodeScope: "counter " + itoa(invoiceID) + " " + itoa(int64(k)),
			AmountRial: tt.AmountRial, AmountGoldMg: tt.AmountGoldMg, PricePerGramRial: tt.PricePerGramRial,
			BasePriceID: tt.BasePriceID}
		journalID, _, err := s.trade(ctx, w, Trade{UserID: customer.ID, Type: EntrySell, CheckHours: true,
			Grade: customer.Grade, Uninvited: customer.ReferredBy == 0}, q, settings, now)
		if err != nil {
			return err
		}
		if err := insertExecutedQuote(ctx, w, q, journalID, now); err != nil {
			return err
		}
		payments[i].TradeJournalID = journalID
	}
	return nil
}

// counterVaultMoves takes the sold pieces out of the vault and puts each buy-back in as an unassayed melted
// lot at its 750-equivalent after the deduction, every move naming the invoice; a buy-back line learns its lot.
func counterVaultMoves(ctx context.Context, w queryer, invoiceID, adminID int64, number string, lines []InvoiceLine, now time.Time) error {
	for i, l := range lines {
		m := VaultMove{AdminID: adminID, CounterInvoiceID: invoiceID, Note: number}
		if l.Side == LineSale {
			it, err := vaultItemByID(ctx, w, l.ItemID)
			if err != nil {
				return err
			}
			m.Kind = MoveSold
			if _, err := takeOutVaultItem(ctx, w, it, m, now); err != nil {
				return err
			}
			continue
		}
		lot, err := receiveVaultItem(ctx, w, VaultItem{Kind: VaultMelted, Description: l.Description,
			WeightMg: l.Weight750Mg, PurityCenti: 75_000, Weight750Mg: l.Weight750Mg, Assay: AssayUnassayed}, m, now)
		if err != nil {
			return err
		}
		lines[i].ItemID = lot.ID
	}
	return nil
}

func insertInvoiceLines(ctx context.Context, w queryer, invoiceID int64, lines []InvoiceLine) error {
	for _, l := range lines {
		if _, err := w.ExecContext(ctx, `INSERT INTO counter_lines (invoice_id, side, item_id, kind, description,
			weight_mg, purity_centi, weight750_mg, wage_bp, wage_per_gram_rial, profit_bp, deduction_bp, gold_rial,
			wage_rial, profit_rial, commission_rial, vat_rial, extras_rial, discount_rial, total_rial)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, invoiceID, l.Side, l.ItemID, l.Kind,
			l.Description, l.WeightMg, l.PurityCenti, l.Weight750Mg, l.WageBP, l.WagePerGram, l.ProfitBP,
			l.DeductionBP, l.Gold, l.Wage, l.Profit, l.Commission, l.VAT, l.Extras, l.Discount, l.Total); err != nil {
			return err
		}
	}
	return nil
}

func insertPayments(ctx context.Context, w queryer, invoiceID int64, payments, payouts []CounterPayment) error {
	for dir, list := range map[string][]CounterPayment{"in": payments, "out": payouts} {
		for _, p := range list {
			if _, err := w.ExecContext(ctx, `INSERT INTO counter_payments (invoice_id, direction, method,
				amount_rial, gold_mg, trade_journal_id) VALUES (?, ?, ?, ?, ?, ?)`, invoiceID, dir, p.Method,
				p.AmountRial, p.GoldMg, nullID(p.TradeJournalID)); err != nil {
				return err
			}
		}
	}
	return nil
}

// methodAccount is the shop's account a payment method moves: the drawer, the card reader or the bank; none
// for the wallet's (the money is in the customer's own account already).
var methodAccount = map[string]string{rules.PayCash: kindShopCash, rules.PayCard: kindShopPOS, rules.PayTransfer: kindShopBank}

// invoiceLegs are an invoice's postings. The customer's rial account (a walk-in's passing account without
// one) takes what was paid in and pays what the invoice costs, so a linked customer's statement shows the
// invoice even when it was paid in cash, and their balance moves by the wallet's part only: the sales' total
// against the revenue accounts (gold, wage, profit, extras, VAT payable, less discounts), the buy-backs against
// the purchases of used gold (or, as gold, the vault's gold to the customer's), and each payment and payout
// against its method's account. Credits come first so a customer's balance never dips below zero midway.
func invoiceLegs(userID int64, p PricedInvoice, asGold bool, payments, payouts []CounterPayment) []leg {
	partyKind := kindCustomer
	if userID == 0 {
		partyKind = kindShopWalkIn
	}
	var legs []leg
	add := func(kind string, user int64, asset string, amount int64) {
		if amount != 0 {
			legs = append(legs, leg{kind, user, asset, amount})
		}
	}
	for _, pay := range payments {
		if acc, ok := methodAccount[pay.Method]; ok {
			add(acc, 0, AssetRial, -pay.AmountRial)
			add(partyKind, userID, AssetRial, pay.AmountRial)
		}
	}
	var gold, wage, profit, extras, vat, discount int64
	for _, l := range p.Lines {
		if l.Side == LineSale {
			gold, wage, profit, extras, vat, discount = gold+l.Gold, wage+l.Wage, profit+l.Profit, extras+l.Extras,
				vat+l.VAT, discount+l.Discount
		}
	}
	add(partyKind, userID, AssetRial, -p.SalesRial)
	add(kindShopSalesGold, 0, AssetRial, gold)
	add(kindShopSalesWage, 0, AssetRial, wage)
	add(kindShopSalesProfit, 0, AssetRial, profit)
	add(kindShopSalesExtras, 0, AssetRial, extras)
	add(kindShopVAT, 0, AssetRial, vat)
	add(kindShopDiscounts, 0, AssetRial, -discount)
	if asGold {
		mg := p.BuyBack750Mg()
		add(kindShopVault, 0, AssetGold, -mg)
		add(kindCustomer, userID, AssetGold, mg)
	} else {
		add(partyKind, userID, AssetRial, p.BuyBackRial)
		add(kindShopPurchases, 0, AssetRial, -p.BuyBackRial)
	}
	for _, pay := range payouts {
		if acc, ok := methodAccount[pay.Method]; ok {
			add(partyKind, userID, AssetRial, -pay.AmountRial)
			add(acc, 0, AssetRial, pay.AmountRial)
		}
	}
	creditsFirst(legs)
	return legs
}

// creditsFirst orders legs so the customer's credits post before their debits.
func creditsFirst(legs []leg) {
	sort.SliceStable(legs, func(i, j int) bool { return legs[i].amount > 0 && legs[j].amount < 0 })
}

// ensureFreeNet refuses legs that take more from the customer's free balances, net, than they hold.
func ensureFreeNet(ctx context.Context, w queryer, userID int64, legs []leg) error {
	if userID == 0 {
		return nil
	}
	net := map[string]int64{}
	for _, l := range legs {
		if l.kind == kindCustomer && l.userID == userID {
			net[l.asset] += l.amount
		}
	}
	for _, asset := range []string{AssetRial, AssetGold} {
		if net[asset] < 0 {
			if err := ensureFree(ctx, w, userID, asset, -net[asset]); err != nil {
				return err
			}
		}
	}
	return nil
}

// ensureReserveKept refuses, with the guard on, a counter move that leaves the vault short of what customers
// own (margin included) and shorter than before it: a buy-back or a void that brings gold in is never refused.
// The shortfall is weighed exactly, as reserve × 10 000 − owed × (10 000 + margin), so a move of a milligram
// is never lost in a rounding.
func ensureReserveKept(ctx context.Context, w queryer, before Reserve) error {
	after, err := reserveOf(ctx, w)
	if err != nil || !after.Settings.GuardEnabled {
		return err
	}
	if d := after.surplus(); d < 0 && d < before.surplus() {
		return &ReserveShortError{ShortMg: (-d + 9_999) / 10_000}
	}
	return nil
}
