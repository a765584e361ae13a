package rules

import "errors"

// How an invoice is settled (issue 38): what the customer owes is paid in any mix of methods summing to it
// exactly; what the shop owes is paid out the same way, or the buy-backs are credited to the customer's gold
// as a whole (a gold payout), in which case they are not paid in rial at all.

// Settlement methods.
const (
	PayCash       = "cash"
	PayCard       = "card" // the shop's card reader: only money in
	PayTransfer   = "transfer"
	PayWalletRial = "wallet_rial"
	PayWalletGold = "wallet_gold"
)

// Settlement is one payment or payout: a method and its rial (a gold payout has none).
type Settlement struct {
	Method string
	Amount Rial
}

// Why a settlement is refused.
var (
	ErrSettleMethod     = errors.New("rules: not a way to pay or be paid")
	ErrSettleAmount     = errors.New("rules: a payment of no amount")
	ErrSettleSum        = errors.New("rules: the payments do not sum to what is owed")
	ErrSettleGoldPayout = errors.New("rules: a gold payout stands alone and needs buy-backs")
	ErrSettleTooMany    = errors.New("rules: too many payments")
)

// MaxSettlements is the most payments (or payouts) one invoice takes.
const MaxSettlements = 10

var (
	paymentMethods = map[string]bool{PayCash: true, PayCard: true, PayTransfer: true, PayWalletRial: true, PayWalletGold: true}
	payoutMethods  = map[string]bool{PayCash: true, PayTransfer: true, PayWalletRial: true, PayWalletGold: true}
)

// GoldPayout says whether the payouts credit the buy-backs as gold.
func GoldPayout(payouts []Settlement) bool {
	for _, p := range payouts {
		if p.Method == PayWalletGold {
			return true
		}
	}
	return false
}

// Settle checks an invoice's payments and payouts against net (positive: the customer pays it; negative: the
// shop pays it), net already counting the buy-backs as the payouts say (GoldPayout). hasBuyBacks is whether
// the invoice buys anything.
func Settle(net Rial, hasBuyBacks bool, payments, payouts []Settlement) error {
	if len(payments) > MaxSettlements || len(payouts) > MaxSettlements {
		return ErrSettleTooMany
	}
	var in, out Rial
	for _, p := range payments {
		if !paymentMethods[p.Method] {
			return ErrSettleMethod
		}
		if p.Amount <= 0 || p.Amount > MaxAmountRial {
			return ErrSettleAmount
		}
		in += p.Amount
	}
	for _, p := range payouts {
		switch {
		case !payoutMethods[p.Method]:
			return ErrSettleMethod
		case p.Method == PayWalletGold:
			if len(payouts) != 1 || !hasBuyBacks {
				return ErrSettleGoldPayout
			}
			continue
		case p.Amount <= 0 || p.Amount > MaxAmountRial:
			return ErrSettleAmount
		}
		out += p.Amount
	}
	if in != max(net, 0) || out != max(-net, 0) {
		return ErrSettleSum
	}
	return nil
}
