package main

import (
	"context"
	"fmt"
	"log"
	"net/url"
	"os"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/transport/email"
)

// emailConfig reads the mail settings (contract in README.md, "Email"):
// the three of PITWALL_IMAP_URL, PITWALL_SMTP_URL and PITWALL_MAIL_FROM
// turn play by email on; PITWALL_MAIL_AUTHSERV optionally requires the
// Authentication-Results of that trusted receiving server to pass.
func emailConfig(getenv func(string) string) (email.Config, bool) {
	cfg := email.Config{
		IMAPURL:    getenv("PITWALL_IMAP_URL"),
		SMTPURL:    getenv("PITWALL_SMTP_URL"),
		From:       getenv("PITWALL_MAIL_FROM"),
		AuthServID: getenv("PITWALL_MAIL_AUTHSERV"),
	}
	return cfg, cfg.IMAPURL != "" && cfg.SMTPURL != "" && cfg.From != ""
}

// startEmail starts the mail transport when it is configured (nil, nil
// when it is not); the returned function waits for it to stop after ctx
// ends.
func startEmail(ctx context.Context, e *env, svc *bot.Service, fail func()) (func() error, error) {
	cfg, ok := emailConfig(os.Getenv)
	if !ok {
		return nil, nil
	}
	cfg.Logf = log.New(e.stderr, "", log.LstdFlags).Printf
	m, err := email.New(svc, cfg)
	if err != nil {
		return nil, err
	}
	done := make(chan error, 1)
	go func() {
		err := m.Run(ctx)
		if err != nil {
			fmt.Fprintf(e.stderr, "pitwall: %v\n", err)
			fail()
		}
		done <- err
	}()
	fmt.Fprintf(e.stdout, "pitwall: email: reading %s, sending through %s as %s\n", redacted(cfg.IMAPURL), redacted(cfg.SMTPURL), cfg.From)
	return func() error { return <-done }, nil
}

func redacted(raw string) string {
	if u, err := url.Parse(raw); err == nil {
		return u.Redacted()
	}
	return "(unparseable URL)"
}
