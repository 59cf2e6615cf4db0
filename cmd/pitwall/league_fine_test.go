package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// league fine LEAGUE PILOT AMOUNT [REASON] (24-C's fines ledger): refused
// with a sentence for an unknown pilot and a bad amount, then entered and
// summed; league show lists it (text and fines in --json) and the
// standings rank the totals.
func TestLeagueCLIFine(t *testing.T) {
	cli := newCLIOnDB(t, "league.db")
	run := cli.run
	run("league", "create", "Fined", "--variant", "24-C")
	run("league", "enter", "fined", "Anna")
	run("league", "enter", "fined", "Bob")
	assert.Contains(t, cli.refused("league", "fine", "fined", "Zoe", "10"), `no pilot "Zoe" in this league`)
	assert.Contains(t, cli.refused("league", "fine", "fined", "Anna", "0"), "a fine is a whole amount from 1 to 1000000, not 0")
	assert.Equal(t, "Anna is fined 30 (rams at the start), 30 in all.\n", run("league", "fine", "fined", "Anna", "30", "rams", "at", "the", "start"))
	assert.Equal(t, "Anna is fined 5, 35 in all.\n", run("league", "fine", "fined", "Anna", "5"))
	assert.Contains(t, run("league", "show", "fined"), "Fines (24-C):\n  Anna fined 30 (rams at the start).\n  Anna fined 5.\n")
	var show struct {
		Fines []struct {
			Pilot  string `json:"pilot"`
			Amount int    `json:"amount"`
		} `json:"fines"`
	}
	require.NoError(t, json.Unmarshal([]byte(run("league", "show", "fined", "--json")), &show))
	require.Len(t, show.Fines, 2)
	assert.Contains(t, run("league", "standings", "fined"), "  1. Anna, 35 in fines\n")
}
