package bot

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/hex"
	"errors"
	"fmt"
	"net/mail"
	"strings"

	"github.com/pitwall/pitwall/persistence"
)

// Email tokens. A player who plays by mail proves who they are with a
// secret token: the From address alone is trivially forged. The token is
// derived, not stored: HMAC-SHA256 of the player id under one random
// per-database secret, cut to 80 bits and written in lower-case base32 (16
// characters). The secret is created on the first registration and kept
// in the inbound de-duplication table under (emailSecretSource,
// emailSecretKey), a row no transport ever writes, so no schema change is
// needed. Rotating the secret changes every player's token at once.
const (
	emailSecretSource = "pitwall-settings"
	emailSecretKey    = "email-token-secret"
	// TokenLen is the length of a player's email token.
	TokenLen = 16
)

var tokenEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// NormalizeEmail lower-cases and checks a mail address ("Ann <ann@x.org>"
// and "ANN@x.org" both give "ann@x.org").
func NormalizeEmail(addr string) (string, error) {
	a, err := mail.ParseAddress(strings.TrimSpace(addr))
	if err != nil {
		return "", userErrorf("%q is not a mail address", addr)
	}
	return strings.ToLower(a.Address), nil
}

func emailToken(secret []byte, playerID string) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("pitwall email token\x00" + playerID))
	return tokenEncoding.EncodeToString(m.Sum(nil)[:10])
}

func readEmailSecret(tx persistence.ReadTx) ([]byte, bool, error) {
	in, ok, err := tx.SeenInbound(emailSecretSource, emailSecretKey)
	if err != nil || !ok {
		return nil, false, err
	}
	b, err := hex.DecodeString(in.Reply)
	if err != nil || len(b) < 16 {
		return nil, false, errors.New("bot: stored email token secret unreadable")
	}
	return b, true, nil
}

// RegisterEmail gives player name (created if unknown) the mail address
// addr as its email identity and returns the player's secret token. An
// address already registered to another player is refused. A player who
// registers a second address keeps the first one too (identities are
// never removed).
func (s *Service) RegisterEmail(ctx context.Context, name, addr string) (string, error) {
	a, err := NormalizeEmail(addr)
	if err != nil {
		return "", err
	}
	var token string
	err = s.store.Update(ctx, func(tx persistence.Tx) error {
		secret, err := s.ensureSecret(tx)
		if err != nil {
			return err
		}
		p, err := s.playerByName(tx, name)
		if err != nil {
			return err
		}
		owner, err := tx.PlayerByIdentity(persistence.IdentityEmail, a)
		switch {
		case err == nil && owner.ID != p.ID:
			return refusef("%s is already the address of %s", "%s est déjà l'adresse de %s", a, owner.Name)
		case err == nil:
		case errors.Is(err, persistence.ErrNotFound):
			// a changed address replaces the old one
			for _, old := range p.Identities {
				if old.Kind == persistence.IdentityEmail {
					if err := tx.RemoveIdentity(p.ID, old); err != nil {
						return err
					}
				}
			}
			if err := tx.AddIdentity(p.ID, persistence.Identity{Kind: persistence.IdentityEmail, Value: a}); err != nil {
				return err
			}
		default:
			return err
		}
		token = emailToken(secret, p.ID)
		return nil
	})
	return token, err
}

// EmailLanguage is the language ("en" or "fr") of the player whose email
// identity is addr; English when the address is not registered.
func (s *Service) EmailLanguage(ctx context.Context, addr string) (string, error) {
	a, err := NormalizeEmail(addr)
	if err != nil {
		return "en", nil
	}
	lang := "en"
	err = s.store.View(ctx, func(tx persistence.ReadTx) error {
		p, err := tx.PlayerByIdentity(persistence.IdentityEmail, a)
		if errors.Is(err, persistence.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if p.Language == "fr" {
			lang = "fr"
		}
		return nil
	})
	return lang, err
}

// EmailToken returns the token of the player whose email identity is
// addr, and false when the address is not registered.
func (s *Service) EmailToken(ctx context.Context, addr string) (string, bool, error) {
	a, err := NormalizeEmail(addr)
	if err != nil {
		return "", false, nil
	}
	var token string
	var found bool
	err = s.store.View(ctx, func(tx persistence.ReadTx) error {
		p, err := tx.PlayerByIdentity(persistence.IdentityEmail, a)
		if errors.Is(err, persistence.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		secret, ok, err := readEmailSecret(tx)
		if err != nil || !ok {
			return err
		}
		token, found = emailToken(secret, p.ID), true
		return nil
	})
	return token, found, err
}

// CheckToken reports whether token is the secret token of the player
// registered at addr (false for an unknown address).
func (s *Service) CheckToken(ctx context.Context, addr, token string) (bool, error) {
	want, ok, err := s.EmailToken(ctx, addr)
	if err != nil || !ok {
		return false, err
	}
	got := strings.ToLower(strings.TrimSpace(token))
	return subtle.ConstantTimeCompare([]byte(want), []byte(got)) == 1, nil
}

// MasterEmail returns the mail addresses of a game's game master (none
// when the master has no email identity or the game is unknown).
func (s *Service) MasterEmail(ctx context.Context, game string) ([]string, error) {
	var out []string
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		row, err := tx.Game(game)
		if errors.Is(err, persistence.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		m, err := decodeMeta(row)
		if err != nil {
			return err
		}
		p, err := tx.Player(m.Master)
		if errors.Is(err, persistence.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		for _, id := range p.Identities {
			if id.Kind == persistence.IdentityEmail {
				out = append(out, id.Value)
			}
		}
		return nil
	})
	return out, err
}

// InboundSeen reports whether a transport recorded (source, key) before:
// a mail's (UIDVALIDITY, UID), its Message-ID or its content hash.
func (s *Service) InboundSeen(ctx context.Context, source, key string) (bool, error) {
	var seen bool
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		var err error
		_, seen, err = tx.SeenInbound(source, key)
		return err
	})
	return seen, err
}

// RecordInboundKeys records that a transport is done with the inbound
// message known by these (source, key) pairs (pairs already recorded are
// left alone, empty ones skipped), with a note of what was done, in one transaction.
func (s *Service) RecordInboundKeys(ctx context.Context, note string, pairs ...[2]string) error {
	return s.store.Update(ctx, func(tx persistence.Tx) error {
		for _, p := range pairs {
			if p[0] == "" || p[1] == "" {
				continue
			}
			if _, seen, err := tx.SeenInbound(p[0], p[1]); err != nil {
				return err
			} else if seen {
				continue
			}
			if err := tx.RecordInbound(persistence.Inbound{Source: p[0], Key: p[1], Reply: note, Received: s.opts.Now()}); err != nil {
				return err
			}
		}
		return nil
	})
}

// bounceSource counts the bounces of an address: keys ADDRESS#1,
// ADDRESS#2… in the inbound table.
const bounceSource = "email-bounce"

// RecordBounce counts one more bounce for addr (identified by the bounce's
// own key, so a bounce delivered twice counts once) and returns the count.
func (s *Service) RecordBounce(ctx context.Context, addr, bounceKey string) (int, error) {
	a, err := NormalizeEmail(addr)
	if err != nil {
		return 0, err
	}
	n := 0
	err = s.store.Update(ctx, func(tx persistence.Tx) error {
		if _, seen, err := tx.SeenInbound(bounceSource+"-key", bounceKey); err != nil || seen {
			n, _ = s.bounces(tx, a)
			return err
		}
		if err := tx.RecordInbound(persistence.Inbound{Source: bounceSource + "-key", Key: bounceKey, Reply: a, Received: s.opts.Now()}); err != nil {
			return err
		}
		c, err := s.bounces(tx, a)
		if err != nil {
			return err
		}
		n = c + 1
		return tx.RecordInbound(persistence.Inbound{Source: bounceSource, Key: a + "#" + itoa(n), Reply: bounceKey, Received: s.opts.Now()})
	})
	return n, err
}

// Bounces returns how many bounces addr caused.
func (s *Service) Bounces(ctx context.Context, addr string) (int, error) {
	a, err := NormalizeEmail(addr)
	if err != nil {
		return 0, nil
	}
	var n int
	err = s.store.View(ctx, func(tx persistence.ReadTx) error {
		var err error
		n, err = s.bounces(tx, a)
		return err
	})
	return n, err
}

func (s *Service) bounces(tx persistence.ReadTx, a string) (int, error) {
	n := 0
	for n < 100 {
		_, seen, err := tx.SeenInbound(bounceSource, a+"#"+itoa(n+1))
		if err != nil {
			return n, err
		}
		if !seen {
			break
		}
		n++
	}
	return n, nil
}

func itoa(n int) string { return fmt.Sprint(n) }

// registerSource rate-limits registrations by mail: one key per address
// and day; registerHourSource counts the register mails answered in each
// hour, all addresses together (keys HOUR#1, HOUR#2…).
const (
	registerSource     = "email-register"
	registerHourSource = "email-register-hour"
)

// ErrRegisterLimit is returned by RegisterByMail when the register mails
// of this hour reached Options.RegistersPerHour: the mail is ignored,
// never answered.
var ErrRegisterLimit = errors.New("too many registrations this hour")

// RegisterByMail registers a new player called name at addr, who wrote to
// Pitwall asking for it (register NAME), and returns their token, to be
// mailed to addr only. A name already taken is refused (a stranger cannot
// take over a player's address this way), an address may ask once a day,
// and all addresses together get at most Options.RegistersPerHour
// answers an hour (ErrRegisterLimit past it: answer nothing). Every
// answered request counts, refusals too, since each one sends a mail.
func (s *Service) RegisterByMail(ctx context.Context, name, addr string) (string, error) {
	a, err := NormalizeEmail(addr)
	if err != nil {
		return "", err
	}
	now := s.opts.Now().UTC()
	day, hour := now.Format("2006-01-02"), now.Format("2006-01-02T15")
	var refusal error
	err = s.store.Update(ctx, func(tx persistence.Tx) error {
		n := 0
		for ; n < s.opts.RegistersPerHour; n++ {
			if _, seen, err := tx.SeenInbound(registerHourSource, hour+"#"+itoa(n+1)); err != nil {
				return err
			} else if !seen {
				break
			}
		}
		if n >= s.opts.RegistersPerHour {
			return ErrRegisterLimit
		}
		if err := tx.RecordInbound(persistence.Inbound{Source: registerHourSource, Key: hour + "#" + itoa(n+1), Reply: a, Received: now}); err != nil {
			return err
		}
		if _, seen, err := tx.SeenInbound(registerSource, a+"/"+day); err != nil {
			return err
		} else if seen {
			refusal = refusef("%s already asked to register today; try again tomorrow", "%s a déjà demandé à s'inscrire aujourd'hui ; réessayez demain", a)
			return nil
		}
		if _, err := tx.PlayerByIdentity(persistence.IdentityEmail, a); err == nil {
			refusal = refusef("%s is already registered", "%s est déjà inscrite", a)
			return nil
		}
		if _, err := tx.PlayerByIdentity(persistence.IdentityCLI, normName(name)); err == nil {
			refusal = refusef("the name %q is taken: write register with another name", "le nom %q est pris : écrivez inscription avec un autre nom", name)
		} else if !errors.Is(err, persistence.ErrNotFound) {
			return err
		}
		return tx.RecordInbound(persistence.Inbound{Source: registerSource, Key: a + "/" + day, Reply: name, Received: now})
	})
	if err != nil {
		return "", err
	}
	if refusal != nil {
		return "", refusal
	}
	return s.RegisterEmail(ctx, name, a)
}
