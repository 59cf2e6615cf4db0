package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cliOnDB runs the CLI as a user would, every command against one fresh
// database file of the test: run expects success and returns standard
// output; refused expects exit code 1 and returns standard error (the
// sentence a user reads).
type cliOnDB struct {
	t  *testing.T
	db string
}

func newCLIOnDB(t *testing.T, name string) *cliOnDB {
	return &cliOnDB{t: t, db: filepath.Join(t.TempDir(), name)}
}

func (c *cliOnDB) run(args ...string) string {
	c.t.Helper()
	out, stderr, err := runTrackCLI(c.t, append([]string{"--db", c.db}, args...)...)
	require.NoError(c.t, err, stderr)
	return out
}

func (c *cliOnDB) refused(args ...string) string {
	c.t.Helper()
	_, stderr, err := runTrackCLI(c.t, append([]string{"--db", c.db}, args...)...)
	var ee exitError
	require.ErrorAs(c.t, err, &ee, "%v", args)
	assert.Equal(c.t, 1, ee.code, "%v", args)
	return stderr
}
