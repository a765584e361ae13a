package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"goldshop/app"
	"goldshop/app/push"
	"goldshop/app/sms"
)

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
	if cfg.PlansEvery <= 0 {
		return cfg, errors.New("--plans-every must be above zero")
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
	paceCollector()
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
	factorKey, err := loadFactorKey(cfg)
	if err != nil {
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
		Uploads: filepath.Join(cfg.Data, "uploads"), DataDir: cfg.Data, BackupDir: backupDirOf(cfg), HTTPS: certs.enabled(),
		Backups: backups, Certificate: certs.status, Replica: backups.replicaStatus, Clock: app.NewSteadyClock(log),
		PushContact: cfg.TLS.contact(), PushClient: push.NewClient(proxy), CodeSpacing: cfg.CodeSpacing,
		FactorKey: factorKey})
	if err != nil {
		return err
	}
	a.RunJobs(ctx, cfg.PlansEvery)
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
