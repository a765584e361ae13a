// Command goldshop runs an online gold shop from one binary: the API, the web UI and a SQLite database.
//
//	goldshop [serve] [flags]                   run the shop
//	goldshop admin add --phone P --password X  create or promote an admin (works while the shop runs)
//	goldshop backup FILE                       write a consistent copy of the database while it runs
//	goldshop restore FILE --data DIR           restore a backup (or --from-replica URL) into an empty folder
//	goldshop check                             prove the ledger balances (exit 1 when it does not), warn of an
//	                                           HTTPS certificate near its expiry
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"
	_ "time/tzdata" // Asia/Tehran must resolve on machines without a zoneinfo database

	"goldshop/app"
	"goldshop/app/push"
	"goldshop/app/sms"
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
	TLS         tlsConfig    // https_cmd.go: certificates from files or ACME, the HTTP redirect
	Backup      backupConfig // backup_cmd.go: scheduled backups and off-site replication
	CheckEvery  time.Duration
	CodeSpacing time.Duration // least time between two codes of a phone and purpose; not a minute only with --sms console
}

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "goldshop:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cmd := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return serve(ctx, args, stderr)
	case "admin":
		if len(args) == 0 || args[0] != "add" {
			return errors.New("usage: goldshop admin add --phone P --password X [--first-name F --last-name L]")
		}
		return adminAdd(ctx, args[1:], stdout, stderr)
	case "backup":
		return backup(ctx, args, stdout, stderr)
	case "check":
		return check(ctx, args, stdout, stderr)
	case "restore":
		return restore(ctx, args, stdout, stderr)
	default:
		return fmt.Errorf("unknown command %q (commands: serve, admin add, backup, restore, check)", cmd)
	}
}

// newFlags declares the settings every command shares (--data) and the server's own when serving.
func newFlags(name string, stderr io.Writer, cfg *config, serving bool) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.Data, "data", "./data", "folder of the database and uploads")
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

// serveConfig reads the server's settings. With HTTPS on, --addr defaults to :443 unless given.
func serveConfig(args []string, stderr io.Writer) (config, error) {
	var cfg config
	fs := newFlags("serve", stderr, &cfg, true)
	if err := parseWithEnv(fs, args); err != nil {
		return cfg, err
	}
	if cfg.TLS.on() && !given(fs, "addr") {
		cfg.Addr = ":443"
	}
	if _, err := pushProxy(cfg.PushProxy); err != nil {
		return cfg, err
	}
	if cfg.CodeSpacing != time.Minute && cfg.SMS != "console" {
		// one code a minute is what keeps a customer's phone from a flood of texts: never changed in production
		return cfg, errors.New("--code-spacing is only for development and tests: it needs --sms console")
	}
	if cfg.CodeSpacing <= 0 {
		return cfg, errors.New("--code-spacing must be above zero")
	}
	return cfg, cfg.TLS.validate()
}

func serve(ctx context.Context, args []string, stderr io.Writer) error {
	cfg, err := serveConfig(args, stderr)
	if err != nil {
		return err
	}
	if cfg.DebugAddr != "" && !loopbackAddr(cfg.DebugAddr) {
		return fmt.Errorf("--debug-addr %q is not a loopback address: use 127.0.0.1:PORT or [::1]:PORT", cfg.DebugAddr)
	}
	log, logs := newServerLog(stderr)
	defer logs.Close() // last: whatever the stop logs is written out
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()

	st, err := openStore(ctx, cfg.Data)
	if err != nil {
		return err
	}
	defer func() {
		if err := st.Close(); err != nil {
			log.Error("closing database", slog.String("error", err.Error()))
		}
	}()
	if err := checkAtStart(ctx, st, log); err != nil {
		return err
	}
	sender, err := newSMS(cfg, stderr, log)
	if err != nil {
		return err
	}
	backups, err := startBackups(ctx, cfg, st, log)
	if err != nil {
		return err
	}
	defer backups.Close()
	certs, err := newCertificates(ctx, cfg, log)
	if err != nil {
		return err
	}
	proxy, _ := pushProxy(cfg.PushProxy) // serveConfig refused a bad one
	a, err := app.New(ctx, app.Config{Store: st, SMS: sender, Log: log, BaseURL: cfg.BaseURL, TrustProxy: cfg.TrustProxy, ProxyHops: cfg.ProxyHops,
		Uploads: filepath.Join(cfg.Data, "uploads"), HTTPS: certs.enabled(), Backups: backups, Certificate: certs.status,
		PushContact: cfg.TLS.contact(), PushClient: push.NewClient(proxy), CodeSpacing: cfg.CodeSpacing})
	if err != nil {
		return err
	}
	go a.RunJanitor(ctx, 10*time.Minute)
	go a.RunNotifications(ctx)
	go a.RunSMSOutbox(ctx)
	if cfg.DebugAddr != "" {
		go serveDebug(cfg.DebugAddr, log, st)
	}

	srv := &http.Server{Handler: a.Handler(), ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout: 2 * time.Minute, BaseContext: func(net.Listener) context.Context { return context.WithoutCancel(ctx) }}
	errc := make(chan error, 1)
	go func() { errc <- certs.serve(ctx, cfg, srv) }()
	// systemd hears "ready" only once the listeners are up (certs.serve has bound them or failed).
	select {
	case err := <-errc:
		return err
	case <-certs.listening():
	}
	stopNotify := notifySystemd(ctx, log, st.Ping) // the watchdog is fed only while the database answers
	defer stopNotify()
	broken := make(chan error, 1)
	go checkLedger(ctx, st, log, cfg.CheckEvery, broken)
	var stopped error
	select {
	case err := <-errc:
		return err
	case stopped = <-broken:
		log.Error("the ledger does not balance: no more money is taken, shutting down (run goldshop check)",
			slog.String("error", stopped.Error()))
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing requests in flight")
	a.Close() // chat sockets and held long polls would otherwise keep Shutdown waiting
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 20*time.Second)
	defer cancel()
	if err := certs.shutdown(shutdownCtx, srv); err != nil || stopped == nil {
		return err
	}
	return fmt.Errorf("the ledger does not balance, stopped serving (run goldshop check):\n%w", stopped)
}

// checkAtStart lets the shop serve only on a ledger that tells the truth, in milliseconds at any size: it
// checks what was posted after the last good full check (store.CheckRecent). With no good full check to start
// from (the first start, or after a failed one) it runs the full check before listening, as before, so a
// broken ledger never takes money until someone looks.
func checkAtStart(ctx context.Context, st *store.Store, log *slog.Logger) error {
	started := time.Now()
	rep, err := st.CheckRecent(ctx)
	full := errors.Is(err, store.ErrNoLedgerCheck)
	if full {
		log.Info("no good full ledger check to start from: running the full check before serving")
		rep, err = st.VerifyLedger(ctx, time.Now())
	}
	if err != nil {
		return fmt.Errorf("the ledger does not balance, refusing to start (run goldshop check):\n%w", err)
	}
	log.Info("ledger balances", slog.Bool("full", full), slog.Int64("journals", rep.Journals),
		slog.Int64("postings", rep.Postings), slog.Duration("took", time.Since(started)))
	return nil
}

// checkLedger runs the full ledger check in the background while the shop serves: once soon after start, then
// every interval (0: only the first). Each good one becomes the next start's starting point; a failed one is
// recorded (the next start runs the full check before listening) and sent on broken, which stops the server
// so it takes no more money. It also refreshes the planner's statistics, as SQLite advises for a long-lived
// connection.
func checkLedger(ctx context.Context, st *store.Store, log *slog.Logger, interval time.Duration, broken chan<- error) {
	wait := time.Minute // let the start's first requests (the warm-up of a restart) go first
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		started := time.Now()
		rep, err := st.VerifyLedger(ctx, started)
		if ctx.Err() != nil {
			return
		}
		if errors.Is(err, store.ErrLedgerBreach) {
			broken <- err
			return
		}
		if err != nil { // the check could not run (the disk, a lock): try again in a while
			log.Warn("full ledger check could not run", slog.String("error", err.Error()))
			wait = 10 * time.Minute
			continue
		}
		log.Info("full ledger check", slog.Int64("journals", rep.Journals), slog.Int64("postings", rep.Postings),
			slog.Duration("took", time.Since(started)))
		if err := st.Optimize(ctx); err != nil {
			log.Warn("optimize", slog.String("error", err.Error()))
		}
		if interval <= 0 {
			return
		}
		wait = interval
	}
}

func newSMS(cfg config, stderr io.Writer, log *slog.Logger) (sms.Sender, error) {
	switch cfg.SMS {
	case "console":
		log.Warn("SMS provider is console: codes are printed on standard error, nothing is sent (development only)")
		return &sms.Console{W: stderr}, nil
	case "kavenegar":
		if cfg.SMSKey == "" {
			return nil, errors.New("--sms kavenegar needs --sms-key (or GOLDSHOP_SMS_KEY)")
		}
		return sms.NewKavenegar(cfg.SMSKey, cfg.SMSTemplate, cfg.SMSURL), nil
	default:
		return nil, fmt.Errorf("unknown SMS provider %q (console or kavenegar)", cfg.SMS)
	}
}
