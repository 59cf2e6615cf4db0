package fd

import (
	"encoding/hex"

	"github.com/pitwall/pitwall/engine/dice"
)

// SimHeader is the record header of a race Simulate plays, of cfg on the
// circuit trackRef names, with cars cars, rolled from seed (its Events
// empty): a tool that plays the race through the contract (engine.Game,
// pitwall sim) writes the same record as Simulate with it
// (cmd/pitwall's TestSimThroughTheContractIsSimulate). The dice line is
// written only when the set differs from the one the rules and variants
// imply, as Simulate writes it.
func SimHeader(cfg Config, trackRef string, cars int, seed [dice.SeedSize]byte) *Record {
	rec := &Record{Game: GameIDFor(seed), Rules: cfg.Rules, Options: cfg.Options(), Track: trackRef, Cars: cars,
		Commitment: dice.Commitment(seed), Seed: hex.EncodeToString(seed[:])}
	if cfg.Dice.String() != cfg.defaultDice().String() {
		rec.Dice = cfg.Dice.String()
	}
	return rec
}
