package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// LF-53, AX-4: one Glory to the winner, one Shame to the loser; a draw
// neither; one challenge per pair, whoever issued it; a car lost in the
// marsh closes the account.
func TestGloryLedger(t *testing.T) {
	duels := []Duel{
		{Challenger: "Ann", Target: "Bob", Played: true, Winner: "Ann", Loser: "Bob"},
		{Challenger: "Cid", Target: "Ann", Played: true, Winner: "Cid", Loser: "Ann", Lost: []string{"Ann"}}, // Ann faster, into the marsh
		{Challenger: "Bob", Target: "Cid", Played: true},                                                     // a handshake
		{Challenger: "Dee", Target: "Bob"},                                                                   // accepted, not played yet
	}
	assert.Equal(t, []GloryRow{
		{Position: 1, Pilot: "Cid", Glory: 1, Duels: 2},
		{Position: 2, Pilot: "Ann", Glory: 1, Shame: 1, Duels: 2, CarLost: true}, // equal Glory: less Shame first
		{Position: 3, Pilot: "Bob", Shame: 1, Duels: 2},
	}, GloryLedger(duels))
	assert.Equal(t, ChallengeTwice, CanChallenge(duels, "Cid", "Bob"), "the pair has met: unordered")
	assert.Equal(t, ChallengeCarLost, CanChallenge(duels, "Ann", "Dee"))
	assert.Equal(t, ChallengeTargetCl, CanChallenge(duels, "Dee", "Ann"))
	assert.Equal(t, ChallengeSelf, CanChallenge(duels, "Dee", "Dee"))
	assert.Equal(t, ChallengeTwice, CanChallenge(duels, "Bob", "Dee"), "a pending challenge counts")
	assert.Equal(t, ChallengeOK, CanChallenge(duels, "Cid", "Dee"))
}

// A challenge withdrawn before it was accepted is no duel (LF-53, issue 16
// decision): the ledger does not see it and the pair may challenge again,
// either way round.
func TestWithdrawnChallenge(t *testing.T) {
	duels := []Duel{
		{Challenger: "Ann", Target: "Bob", Played: true, Winner: "Ann", Loser: "Bob"},
		{Challenger: "Cid", Target: "Dee", Withdrawn: true},
	}
	before := GloryLedger(duels[:1])
	assert.Equal(t, before, GloryLedger(duels), "a withdrawn challenge leaves the ledger alone")
	assert.Equal(t, ChallengeOK, CanChallenge(duels, "Dee", "Cid"))
	assert.Equal(t, ChallengeOK, CanChallenge(duels, "Cid", "Dee"))
	duels[1].Withdrawn = false
	assert.Equal(t, ChallengeTwice, CanChallenge(duels, "Dee", "Cid"), "the same challenge not withdrawn blocks the pair")
}
