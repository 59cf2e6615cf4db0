package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// player set --email prints the player's secret token alone on one line;
// the token stays the same when the command runs again.
func TestPlayerSetEmailPrintsToken(t *testing.T) {
	db := filepath.Join(t.TempDir(), "league.db")
	out, stderr, err := runTrackCLI(t, "--db", db, "player", "set", "Anna", "--email", "Anna@Example.TEST", "--lang", "fr")
	require.NoError(t, err, stderr)
	assert.Regexp(t, regexp.MustCompile(`^[a-z2-7]{16}\n$`), out)
	again, _, err := runTrackCLI(t, "--db", db, "player", "set", "Anna", "--email", "anna@example.test")
	require.NoError(t, err)
	assert.Equal(t, out, again)
	bob, _, err := runTrackCLI(t, "--db", db, "player", "set", "Bob", "--email", "bob@example.test")
	require.NoError(t, err)
	assert.NotEqual(t, out, bob)
	// an address belongs to one player
	_, stderr, err = runTrackCLI(t, "--db", db, "player", "set", "Bob", "--email", "anna@example.test")
	require.Error(t, err)
	assert.Contains(t, stderr, "already the address of Anna")
	_, stderr, err = runTrackCLI(t, "--db", db, "player", "set", "Bob", "--email", "not an address")
	require.Error(t, err)
	assert.True(t, strings.Contains(stderr, "not a mail address"), stderr)
}

func TestEmailConfigNeedsAllThree(t *testing.T) {
	env := map[string]string{"PITWALL_IMAP_URL": "imap://u:p@127.0.0.1:143/INBOX", "PITWALL_SMTP_URL": "smtp://127.0.0.1:25"}
	_, ok := emailConfig(func(k string) string { return env[k] })
	assert.False(t, ok)
	env["PITWALL_MAIL_FROM"] = "pitwall@league.test"
	cfg, ok := emailConfig(func(k string) string { return env[k] })
	assert.True(t, ok)
	assert.Equal(t, "pitwall@league.test", cfg.From)
}
