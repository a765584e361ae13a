package rules

import (
	"errors"
	"fmt"

	"github.com/shopspring/decimal"
)

// Why a trade's amounts are refused. The caller words them for the customer.
var (
	ErrTradeTooSmall = errors.New("rules: the trade rounds to nothing")
	ErrTradeTooLarge = errors.New("rules: the trade is too large to be real")
)

// WeightOutOfLimits is a trade's weight outside the shop's limits; Limit is the one it crossed.
type WeightOutOfLimits struct {
	Below bool // under the minimum, else over the maximum
	Limit Mg
}

func (e *WeightOutOfLimits) Error() string {
	return fmt.Sprintf("rules: weight beyond the limit of %d mg (below: %v)", e.Limit, e.Below)
}

// BoundTrade refuses a trade that rounds to nothing, falls outside the shop's weight limits [minMg, maxMg]
// or is too large to be real, and returns its amounts as whole units.
func BoundTrade(rial, mg decimal.Decimal, minMg, maxMg Mg) (Rial, Mg, error) {
	switch {
	case mg.Sign() <= 0 || rial.Sign() <= 0:
		return 0, 0, ErrTradeTooSmall
	case mg.LessThan(decimal.NewFromInt(minMg)):
		return 0, 0, &WeightOutOfLimits{Below: true, Limit: minMg}
	case mg.GreaterThan(decimal.NewFromInt(maxMg)):
		return 0, 0, &WeightOutOfLimits{Limit: maxMg}
	case rial.GreaterThan(decimal.NewFromInt(MaxAmountRial)):
		return 0, 0, ErrTradeTooLarge
	}
	return rial.IntPart(), mg.IntPart(), nil
}
