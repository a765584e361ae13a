package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"goldshop/store"
)

// config is every setting of the shop; each flag has a GOLDSHOP_<NAME> environment twin, and a flag given
// on the command line wins over its twin.
type config struct {
	Addr        string
	Data        string
	SMS         string
	SMSKey      string
	SMSTemplate string
	SMSURL      string
	BaseURL     string
	TrustProxy  bool
	ProxyHops   int
	DebugAddr   string
	PushProxy   string
	TLS         tlsConfig    // serve_https.go: certificates from files or ACME, the HTTP redirect
	Backup      backupConfig // serve_backups.go: scheduled backups and off-site replication
	CheckEvery  time.Duration
	CodeSpacing time.Duration // least time between two codes of a phone and purpose; not a minute only with --sms console
	PlansEvery  time.Duration // how often the savings plans' runner looks for due runs
	KeyFile     string        // the file of the key second factors are sealed under (serve_factor_key.go)
}

// newFlags declares the settings every command shares (--data) and the server's own when serving.
func newFlags(name string, stderr io.Writer, cfg *config, serving bool) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.Data, "data", "./data", "folder of the database and uploads")
	fs.StringVar(&cfg.KeyFile, "key-file", "", "file of the key second factors are sealed under, kept out of the data folder and its backups (default: goldshop.key beside the data folder; GOLDSHOP_KEY may hold the key itself)")
	if serving {
		fs.StringVar(&cfg.Addr, "addr", ":8080", "address to listen on (:443 when serving HTTPS, unless given)")
		fs.StringVar(&cfg.SMS, "sms", "console", "SMS provider: console or kavenegar")
		fs.StringVar(&cfg.SMSKey, "sms-key", "", "API key of the SMS gateway")
		fs.StringVar(&cfg.SMSTemplate, "sms-template", "verify", "template name at the SMS gateway")
		fs.StringVar(&cfg.SMSURL, "sms-url", "", "base address of the SMS gateway (default its public API)")
		fs.StringVar(&cfg.BaseURL, "base-url", "", "absolute address of the shop, such as https://shop.example")
		fs.BoolVar(&cfg.TrustProxy, "trust-proxy", false, "take client addresses from X-Forwarded-For, as the proxy appended them")
		fs.IntVar(&cfg.ProxyHops, "proxy-hops", 1, "with --trust-proxy: how many reverse proxies in front of the shop append to X-Forwarded-For")
		fs.StringVar(&cfg.PushProxy, "push-proxy", "", "send Web Push through this HTTP(S) proxy, such as http://proxy.example:3128 (Google's push service is often unreachable from Iran)")
		fs.StringVar(&cfg.DebugAddr, "debug-addr", "", "serve Go's pprof and expvar here, such as 127.0.0.1:6060 (off when empty)")
		fs.DurationVar(&cfg.CheckEvery, "check-every", 24*time.Hour, "time between full ledger checks while serving (the first runs a minute after start; 0: only that one)")
		fs.DurationVar(&cfg.PlansEvery, "plans-every", time.Minute, "how often due savings plans are looked for and standing orders swept; plans run at a minute of the day, so more often only shortens the wait within that minute (browser journeys)")
		fs.DurationVar(&cfg.CodeSpacing, "code-spacing", time.Minute, "least time between two verification codes of one phone and purpose; another than 1m0s only with --sms console (browser journeys, load runs)")
		addTLSFlags(fs, &cfg.TLS)
		addBackupFlags(fs, &cfg.Backup)
	}
	return fs
}

// parseWithEnv applies GOLDSHOP_* variables as defaults, then the command line on top.
func parseWithEnv(fs *flag.FlagSet, args []string) error {
	var bad error
	fs.VisitAll(func(f *flag.Flag) {
		env := envName(f.Name)
		if v, ok := os.LookupEnv(env); ok {
			if err := f.Value.Set(v); err != nil && bad == nil {
				bad = fmt.Errorf("%s: %w", env, err)
			}
		}
	})
	if bad != nil {
		return bad
	}
	return fs.Parse(args)
}

// envName is the environment twin of a flag: --sms-key is GOLDSHOP_SMS_KEY.
func envName(name string) string {
	return "GOLDSHOP_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
}

// given tells whether a flag was set, on the command line or by its environment twin.
func given(fs *flag.FlagSet, name string) bool {
	_, ok := os.LookupEnv(envName(name))
	fs.Visit(func(f *flag.Flag) { ok = ok || f.Name == name })
	return ok
}

// openStore makes the data folder and opens the database in it.
func openStore(ctx context.Context, dataDir string) (*store.Store, error) {
	for _, dir := range []string{dataDir, filepath.Join(dataDir, "uploads", "receipts"), filepath.Join(dataDir, "uploads", "chat")} {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, err
		}
	}
	return store.Open(ctx, filepath.Join(dataDir, "goldshop.db"))
}
