package bot

import (
	"context"
	"errors"
	"strings"

	"github.com/pitwall/pitwall/persistence"
)

// WebLanguage is the language ("en" or "fr") of the player a personal
// token names, "" when it names nobody: the web page answers its own
// refusals (a bad form, a stale button, an unknown game) in the reader's
// language. A token that was the player's before a reset still names
// them here, so that "this link is no longer valid" reaches them in
// their language; it grants nothing else.
func (s *Service) WebLanguage(ctx context.Context, token string) (string, error) {
	token = strings.ToLower(strings.TrimSpace(token))
	if len(token) != WebTokenLen {
		return "", nil
	}
	lang := ""
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		in, seen, err := tx.SeenInbound(webTokenSource, tokenKey(token))
		if err != nil || !seen {
			return err
		}
		p, err := tx.Player(in.Reply)
		if errors.Is(err, persistence.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if p.Language == "fr" || p.Language == "en" {
			lang = p.Language
		}
		return nil
	})
	return lang, err
}
