package app

import (
	"time"

	"goldshop/rules"
	"goldshop/store"
)

// quoteLifetime is how long a locked price waits for its code (decisions.md §4); the code lives as long.
const quoteLifetime = 2 * time.Minute

// hoursOf is one side's trading hours under the shop's price settings.
func hoursOf(s store.PriceSettings, typ string) rules.Hours {
	if typ == store.EntryBuy {
		return rules.Hours{Enabled: s.BuyEnabled, Start: s.BuyStartMin, End: s.BuyEndMin}
	}
	return rules.Hours{Enabled: s.SellEnabled, Start: s.SellStartMin, End: s.SellEndMin}
}
