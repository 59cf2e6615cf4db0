// Package email plays by email: it reads orders from an IMAP mailbox
// (IDLE, polling fallback, reconnection, a (UIDVALIDITY, UID) checkpoint,
// mail moved or flagged only after its orders committed), checks who is
// speaking (a registered From address and that player's secret token,
// optionally the trusted server's Authentication-Results), parses mail
// within hard limits checked before any MIME parsing, and sends replies
// and the bot's outbox over SMTP with retries and backoff.
//
// It imports bot only (and the emersion mail libraries); it never imports
// render, persistence or the engine.
package email
