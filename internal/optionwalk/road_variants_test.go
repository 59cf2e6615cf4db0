package optionwalk

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/internal/phrasebook"
	"github.com/pitwall/pitwall/tracks"
)

// The events and causes of league variants 5-C, 9-A, 10-A (its runaway car too), 17-B and 17-D are
// told in both languages, even those the seeded walk may not meet (a jump
// start, a race cut to two laps), as sentences without key=value.
func TestRoadAndStartVariantEventsAreTold(t *testing.T) {
	c, err := tracks.Get("port-azur")
	require.NoError(t, err)
	space := c.Spaces[c.Grid[0]].Name
	keyValue := regexp.MustCompile(`\b[a-z][a-z-]*=\S`)
	for _, line := range []string{
		"compulsory car=2 gear=5 delta=-3",
		"formation start=2",
		"formation-stall car=3",
		"jump-start car=4 start=1",
		"race-shortened start=3 laps=2",
		"debris space=" + space + " kind=oil",
		"debris space=" + space + " kind=debris",
		"debris-worn space=" + space + " passages=4",
		`wear car=1 engine=-1 cause="oil marker on ` + space + `"`,
		`wear car=1 body=-1 cause="debris marker on ` + space + `"`,
		`eliminated car=2 cause="stalled after its spin and pushed off the track by the marshals" reason=overshoot`,
		"rails car=1 corner=Douane roll=17 result=runaway space=" + space, // 10-A's runaway car
		"roll play=3 car=2 for=spin n=0 die=black value=5",
		"runaway-hit car=2 runaway=1 space=" + space,
		"runaway-missed car=2 runaway=1 space=" + space,
		"runaway-stopped car=1 space=" + space,
		`wear car=2 tyres=-1 cause="hit by the runaway car 1 (10-A)"`,
		`wear car=2 body=-1 cause="spun by the runaway car 1 (10-A)"`,
		`eliminated car=2 cause="lost its last body point (spun by the runaway car 1 (10-A))" reason=collision`,
	} {
		e, err := fd.ParseEvent(line)
		require.NoError(t, err, line)
		p := fd.EventPhrase(c, e)
		require.False(t, p.IsZero(), line)
		for _, k := range Keys([]phrase.Phrase{p}) {
			assert.True(t, phrasebook.Has(k), "%s: the catalog lacks %s", line, k)
		}
		for _, lang := range phrasebook.Languages {
			s := phrasebook.Text(lang, p)
			assert.NotEmpty(t, s, "%s in %s", line, lang)
			assert.NotRegexp(t, keyValue, s, "%s in %s", line, lang)
			assert.NotContains(t, s, "english-only", "%s in %s", line, lang)
		}
		t.Log(phrasebook.Text("en", p), " / ", phrasebook.Text("fr", p))
	}
}

// League 10-A's runaway car, still spinning, is told in the status text in
// both languages, where it spins and what a car driving into its area
// takes, as a sentence without key=value.
func TestRunawayCarStatusIsTold(t *testing.T) {
	var scene Scene
	for _, sc := range Scenes() {
		if len(sc.Position.Runaways) > 0 {
			scene = sc
		}
	}
	require.NotEmpty(t, scene.Name, "the walk has a scene with a runaway car")
	c := Case{Rules: scene.Rules, Variants: scene.Variants}
	cfg, err := c.Config()
	require.NoError(t, err)
	circuit, err := tracks.Get(scene.Track)
	require.NoError(t, err)
	g, err := fd.NewGame("status", cfg, circuit, len(scene.Position.Cars))
	require.NoError(t, err)
	p := scene.Position
	p.Cars = append([]fd.CarPosition(nil), p.Cars...)
	for i := range p.Cars {
		p.Cars[i].Car = i + 1
	}
	require.NoError(t, g.StartFrom(p, nil))
	status := g.RunawayStatus()
	require.Len(t, status, 1)
	want := map[string]string{
		"en": "Car 1 spins out of control past Poterne until the end of the turn, on the straight before Citadelle, middle lane: every car that drives into the three lanes over three spaces around it takes a collision check",
		"fr": "La voiture 1 part en toupie après Poterne jusqu'à la fin du tour, sur la ligne droite avant Citadelle, voie du milieu : toute voiture qui entre dans les trois files sur trois cases autour d'elle passe un test de collision",
	}
	for _, lang := range phrasebook.Languages {
		s := phrasebook.Text(lang, status[0])
		assert.Contains(t, s, want[lang], lang)
		assert.NotRegexp(t, `\b[a-z][a-z-]*=\S`, s, lang)
		t.Log(s)
	}
}
