package bot

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/street"
	"github.com/pitwall/pitwall/internal/phrasebook"
	"github.com/pitwall/pitwall/tracks"
)

// U-POL-01, U-CHK-01: a street car spreading recovered points reads why
// they come back, in English and in French, from the options' own facts.
func TestRepairDecisionSaysWhy(t *testing.T) {
	police := fd.Reason{Key: "why.police-record"}
	d := fd.Decision{Car: 2, Kind: street.DecideRepair, Options: []fd.Option{
		{Letter: "A", Repair: fd.Wear{fd.Body: 2}, Cause: "police speed record (U-POL-01)", Why: police},
		{Letter: "B", Repair: fd.Wear{fd.Body: 1, fd.Engine: 1}, Cause: "police speed record (U-POL-01)", Why: police},
	}}
	// The header is the street module's (DecisionPhraseModule): a game with
	// no ruleset has no module to say it, so this is a street race.
	circuit, err := tracks.Get("race-city")
	require.NoError(t, err)
	g, err := fd.NewGame("s", street.Config(), circuit, 2)
	require.NoError(t, err)
	assert.Equal(t, "Voiture 2 (Anna) récupère 2 points (record de vitesse au poste de police) : choisissez où les mettre :",
		phrasebook.Text("fr", g.DecisionPhrase(&d, "Anna")))
	d.Options[0].Cause, d.Options[0].Repair = "checkpoint (U-CHK-01)", fd.Wear{fd.Brakes: 3, fd.Body: 1}
	d.Options[0].Why = fd.Reason{Key: "why.checkpoint"}
	assert.Equal(t, "Car 2 recovers 4 points (checkpoint): choose where they go:", phrasebook.Text("en", g.DecisionPhrase(&d, "")))
}

// replay --events: record lines said in words.
func TestEventText(t *testing.T) {
	for line, want := range map[string]string{
		"move car=2 path=back.1.1,back.2.1 braked=1 blocked=0":                                     "car 2 moves 2 spaces to back.2.1, by back.1.1, back.2.1, braking 1",
		`wear car=1 brakes=-3 cause="braked 3 (R-BRK-01)"`:                                         "car 1 loses 3 brakes (braked 3 (R-BRK-01))",
		"classification car=3 place=1 reason=tables":                                               "an official classifies car 3 in place 1: tables",
		"roll play=4 car=0 for=weather n=0 die=black value=20":                                     "the table rolls 20 on the black die (weather)",
		"pit-technical car=2 pool=0":                                                               "pit technical: car 2, pool 0",
		"position-qualified car=1 session=1 rolls=9 penalty=0 ended=false past=2 covered=40 seq=2": "car 1's qualifying lap of session 1 is done: 9 rolls and 0 penalty",
		"position-qualified car=2 session=2 rolls=4 penalty=1 ended=true past=0 covered=12 seq=0":  "car 2's qualifying lap of session 2 ended early after 12 spaces: 4 rolls and 1 penalty",
		"position-lap car=1 round=3 play=3 rolls=3 penalty=0 past=0 space=north.3.2 gear=2":        "car 1 is on its qualifying lap, on north.3.2 in gear 2, 3 rolls so far",
		"position-lap car=3 round=0 play=0 rolls=0 penalty=0 past=0 space=main.9.1 gear=0 first=2": "car 3 is on its qualifying lap, at the start of its lap in gear 0, 0 rolls so far",
	} {
		e, err := fd.ParseEvent(line)
		require.NoError(t, err)
		assert.Equal(t, want, EventText(e), line)
	}
}
