package pricefeed

import (
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// The sources, one adapter each; docs/price-sources.md has their shapes and where they were confirmed.
const (
	SourceBrsAPI  = "brsapi"
	SourceNavasan = "navasan"
	SourceTGJU    = "tgju"
	SourceJSON    = "json"
)

// The documented URLs, used when Config.URL is empty.
const (
	BrsAPIURL  = "https://brsapi.ir/Api/Market/Gold_Currency.php" // key in ?key=
	NavasanURL = "https://api.navasan.tech/latest/"               // key in ?api_key=
	TGJUURL    = "https://call1.tgju.org/ajax.json"               // no key
)

// Units and what a number prices.
const (
	UnitRial      = "rial"
	UnitToman     = "toman"
	PerGram750    = "gram750"
	PerMithqal705 = "mithqal705" // the مظنه: one mithqal of 705 gold; a gram of 750 is it ÷ 4.3318
)

// keyPlaceholder in a json source's URL is replaced by the key, query-escaped.
const keyPlaceholder = "{key}"

// quote is what an adapter reads: the number as the source wrote it, its unit and its time.
type quote struct {
	value decimal.Decimal
	unit  string
	at    time.Time
}

type source struct {
	defaultURL    string
	keyParam      string // the query parameter the source documents for its key ("" for none)
	defaultSymbol string
	maxBody       int64
	read          func(doc any, c Config) (quote, error)
}

// sourceFor is the adapter a source name picks.
func sourceFor(name string) (source, bool) {
	switch name {
	case SourceBrsAPI:
		return source{BrsAPIURL, "key", "IR_GOLD_18K", MaxBody, readBrsAPI}, true
	case SourceNavasan:
		return source{NavasanURL, "api_key", "18ayar", MaxBody, readNavasan}, true
	case SourceTGJU:
		return source{TGJUURL, "", "geram18", MaxBodyTGJU, readTGJU}, true
	case SourceJSON:
		return source{"", "", "", MaxBody, readJSON}, true
	}
	return source{}, false
}

// resolve checks c and fills its defaults.
func resolve(c Config) (source, Config, error) {
	src, ok := sourceFor(c.Source)
	if !ok {
		return src, c, fail(ErrConfig, "unknown source %q", c.Source)
	}
	if c.URL == "" {
		c.URL = src.defaultURL
	}
	if c.Symbol == "" {
		c.Symbol = src.defaultSymbol
	}
	if c.Per == "" {
		c.Per = PerGram750
	}
	if c.Per != PerGram750 && c.Per != PerMithqal705 {
		return src, c, fail(ErrConfig, "per must be %s or %s, not %q", PerGram750, PerMithqal705, c.Per)
	}
	if c.Source == SourceJSON {
		switch {
		case c.URL == "":
			return src, c, fail(ErrConfig, "the json source needs a URL")
		case c.Path == "" || c.TimePath == "":
			return src, c, fail(ErrConfig, "the json source needs a path and a time path")
		case c.Unit != UnitRial && c.Unit != UnitToman:
			return src, c, fail(ErrConfig, "unit must be %s or %s, not %q", UnitRial, UnitToman, c.Unit)
		}
	}
	return src, c, nil
}

// requestURL is the URL with the key where the source takes it.
func (s source) requestURL(c Config) (string, error) {
	raw := c.URL
	if s.keyParam == "" && strings.Contains(raw, keyPlaceholder) {
		raw = strings.ReplaceAll(raw, keyPlaceholder, url.QueryEscape(c.Key))
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return "", fail(ErrConfig, "the URL must be an absolute http(s) URL")
	}
	if s.keyParam != "" && c.Key != "" {
		q := u.Query()
		q.Set(s.keyParam, c.Key)
		u.RawQuery = q.Encode()
	}
	return u.String(), nil
}

// keyForms are the spellings of a key that a URL or an error text may carry.
func keyForms(key string) []string {
	return []string{key, url.QueryEscape(key), url.PathEscape(key)}
}

// readBrsAPI: {"gold":[{"symbol":"IR_GOLD_18K","price":18578200,"unit":"تومان","time_unix":…},…],…}.
func readBrsAPI(doc any, c Config) (quote, error) {
	items, ok := member(doc, "gold").([]any)
	if !ok {
		return quote{}, fail(ErrMissing, "no gold list")
	}
	for _, it := range items {
		item, _ := it.(map[string]any)
		if s, _ := item["symbol"].(string); s != c.Symbol {
			continue
		}
		where := "gold[" + c.Symbol + "]"
		value, err := number(item["price"], where+".price")
		if err != nil {
			return quote{}, err
		}
		unit, err := brsUnit(item["unit"], where+".unit")
		if err != nil {
			return quote{}, err
		}
		at, err := unixSeconds(item["time_unix"], where+".time_unix")
		return quote{value, unit, at}, err
	}
	return quote{}, fail(ErrMissing, "no gold item with symbol %q", c.Symbol)
}

// brsUnit reads the unit BrsAPI writes beside each price, in Persian.
func brsUnit(v any, where string) (string, error) {
	switch s, ok := v.(string); {
	case !ok:
		return "", fail(ErrMissing, "%s", where)
	case strings.TrimSpace(s) == "تومان":
		return UnitToman, nil
	case strings.TrimSpace(s) == "ریال":
		return UnitRial, nil
	default:
		return "", fail(ErrUnit, "%s is %q", where, clip(s, 20))
	}
}

// readNavasan: {"18ayar":{"value":"18578200","change":…,"timestamp":1786022992,"date":"1405-05-15 …"},…}
// in toman; "date" is a Jalali wall clock, so the Unix timestamp is read instead.
func readNavasan(doc any, c Config) (quote, error) {
	item, ok := member(doc, c.Symbol).(map[string]any)
	if !ok {
		return quote{}, fail(ErrMissing, "no item %q", c.Symbol)
	}
	value, err := number(item["value"], c.Symbol+".value")
	if err != nil {
		return quote{}, err
	}
	at, err := unixSeconds(item["timestamp"], c.Symbol+".timestamp")
	return quote{value, UnitToman, at}, err
}

// readTGJU: {"current":{"geram18":{"p":"192,056,000",…,"ts":"2026-08-11 00:00:00"},…},…} in rial,
// ts a Tehran wall clock.
func readTGJU(doc any, c Config) (quote, error) {
	item, ok := member(member(doc, "current"), c.Symbol).(map[string]any)
	if !ok {
		return quote{}, fail(ErrMissing, "no current.%s", c.Symbol)
	}
	where := "current." + c.Symbol
	value, err := number(item["p"], where+".p")
	if err != nil {
		return quote{}, err
	}
	ts, ok := item["ts"].(string)
	if !ok {
		return quote{}, fail(ErrMissing, "%s.ts", where)
	}
	at, err := tehranText(ts, where+".ts")
	return quote{value, UnitRial, at}, err
}

// readJSON follows the configured paths.
func readJSON(doc any, c Config) (quote, error) {
	v, err := lookup(doc, c.Path)
	if err != nil {
		return quote{}, err
	}
	value, err := number(v, c.Path)
	if err != nil {
		return quote{}, err
	}
	t, err := lookup(doc, c.TimePath)
	if err != nil {
		return quote{}, err
	}
	at, err := anyTime(t, c.TimePath)
	return quote{value, c.Unit, at}, err
}

// lookup follows a dotted path: a name in an object, an index in a list.
func lookup(doc any, path string) (any, error) {
	cur := doc
	for _, seg := range strings.Split(path, ".") {
		switch node := cur.(type) {
		case map[string]any:
			cur = node[seg]
		case []any:
			i, err := strconv.Atoi(seg)
			if err != nil || i < 0 || i >= len(node) {
				return nil, fail(ErrMissing, "%s (no item %q)", path, seg)
			}
			cur = node[i]
		default:
			cur = nil
		}
		if cur == nil {
			return nil, fail(ErrMissing, "%s", path)
		}
	}
	return cur, nil
}

// member is an object's field, or nil.
func member(doc any, name string) any {
	m, _ := doc.(map[string]any)
	return m[name]
}
