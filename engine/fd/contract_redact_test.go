package fd

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// League variant 5-D (AMB-17) through the contract's stand-ins: while a
// car races, its build lines are read whole by its own seat and the
// referee, and by another seat and a spectator as a comment with the
// build's total that tells none of the build's values; a line that writes
// no build is read whole by everyone, and once the race is over so is
// every line.
func TestContractStandInsHideBuildsUnder5D(t *testing.T) {
	g, con, random := started5DContract(t, "contract-5d-stand-ins", 3, "5-A")
	standIns := 0
	playByAutopilot(t, con, random, func(st engine.Step) {
		for _, e := range st.Events {
			fe, _ := EventOf(e)
			car := BuildLineCar(fe)
			for _, reader := range []int{engine.Referee, -1, 0, 1, 2} {
				told, ok := engine.Told(e, reader, con.Over())
				require.True(t, ok, "every line is told, whole or as its stand-in")
				if car == 0 || reader == engine.Referee || reader == car-1 || g.Cars[car-1].Status != Racing {
					assert.Equal(t, fe.String(), told.Line(), "%s is read whole by %d", fe, reader)
					continue
				}
				in, ok := StandInOf(told)
				require.True(t, ok, "%s to %d", fe, reader)
				standIns++
				assert.True(t, strings.HasPrefix(in.Line(), "# "+fe.Kind+" "), in.Line())
				assert.Contains(t, in.Line(), fmt.Sprintf(": a build of %d points, hidden until its race ends (league variant 5-D)", g.BuildTotal(car)))
				for _, a := range fe.Args {
					if buildKeys[a.Key] {
						assert.NotContains(t, in.Line(), a.Key+"="+a.Val, "the stand-in of %s tells no build value", fe)
					}
				}
				assert.NotContains(t, in.Line(), "boosters-chosen")
				assert.Equal(t, fe.Kind, in.Kind())
				assert.Equal(t, fe.Get("car"), in.Public.Get("car"), "the stand-in names the line's car as written")
			}
		}
	})
	assert.Positive(t, standIns, "the race wrote builds down")
	for _, e := range con.Events() {
		told, ok := engine.Told(e, -1, true)
		require.True(t, ok)
		assert.Equal(t, e.Line(), told.Line(), "over: a spectator reads every line whole")
	}
}

// A position's flags lose those of the booster points chosen in a build
// (5-A), which are part of the hidden build; the others stay in order.
func TestStandInPublicFlags(t *testing.T) {
	assert.Equal(t, "started,crossed", publicFlags("started,boosters-chosen,crossed,booster-built"))
	assert.Equal(t, "", publicFlags("boosters-chosen"))
	assert.Equal(t, "started", publicFlags("started"))
}

// Without 5-D no line has a stand-in: the contract hands every line out
// whole to every reader.
func TestContractNoStandInWithout5D(t *testing.T) {
	c, err := tracks.Get("port-azur")
	require.NoError(t, err)
	cfg := fdrConfig()
	cfg.Laps = 1
	g, _, err := Simulate(cfg, c, "port-azur", 2, SeedFrom("contract-no-5d"))
	require.NoError(t, err)
	con := NewContract(g, sayKey)
	for _, e := range g.Events {
		out := con.HandOut(e)
		assert.True(t, out.Audience().Everyone(), "%s", e)
		assert.Nil(t, out.(engine.Redacted).StandIn(), "%s", e)
	}
}

// A stand-in says itself in a sentence (StandIn.Phrase, league AMB-17):
// a hidden configuration by its race's car and build total alone — in a
// qualifying copy the car its q= names (R5.2) — and a line that is not
// news (an order, a position) by nothing, as the line itself; the
// sentence of a build line the codec cannot read tells no build either.
func TestStandInPhraseSaysTheBuildTotalAlone(t *testing.T) {
	g, con, random := started5DContract(t, "contract-5d-stand-in-phrases", 4, "5-A")
	hidden := func(car int) phrase.Phrase {
		return phrase.New("ev.configuration-hidden", phrase.New("ev.car", car), g.BuildTotal(car))
	}
	for line, want := range map[string]phrase.Phrase{
		"configuration car=2 wear=9/3/2/2/2/2":            hidden(2),
		"configuration wear=9/3/2/2/2/2 car=3":            hidden(3),
		"q-configuration q=4 car=1 wear=9/3/2/2/2/2":      phrase.New("ev.qualifying", hidden(4)),
		"q-configuration q=4 qs=2 car=1 wear=9/3/2/2/2/2": phrase.New("ev.qualifying", hidden(4)),
	} {
		e, err := ParseEvent(line)
		require.NoError(t, err, line)
		told, ok := engine.Told(con.HandOut(e), 0, con.Over()) // car 1's seat
		require.True(t, ok, line)
		in, ok := StandInOf(told)
		require.True(t, ok, line)
		assert.Equal(t, want, in.Phrase(), line)
	}
	for _, line := range []string{"configuration car=x wear=9/3/2/2/2/2", "q-configuration car=1 wear=9/3/2/2/2/2"} {
		e, err := ParseEvent(line)
		require.NoError(t, err, line)
		told, ok := engine.Told(con.HandOut(e), 1, con.Over()) // car 2's seat
		require.True(t, ok, line)
		said := EventPhrase(g.Track, e)
		if in, ok := StandInOf(told); ok {
			said = in.Phrase()
		}
		assert.NotContains(t, fmt.Sprint(said), "ev.category-value", line)
	}
	phrased := 0
	playByAutopilot(t, con, random, func(st engine.Step) {
		for _, e := range st.Events {
			fe, _ := EventOf(e)
			told, ok := engine.Told(e, -1, con.Over())
			require.True(t, ok)
			in, ok := StandInOf(told)
			if !ok {
				continue
			}
			car := BuildLineCar(fe)
			if EventPhrase(g.Track, fe).IsZero() {
				assert.True(t, in.Phrase().IsZero(), "%s: not news, hidden or not", fe)
				continue
			}
			phrased++
			want := hidden(car)
			if strings.HasPrefix(fe.Kind, "q-") {
				want = phrase.New("ev.qualifying", want)
			}
			assert.Equal(t, want, in.Phrase(), "%s", fe)
		}
	})
	assert.Positive(t, phrased, "the race said a hidden configuration")
}

// ReadsBuild is the one answer to "may this reader read this car's build"
// (league 5-D, AMB-17): throughout a 5-D race the referee and a car's own
// seat read it, another seat and a spectator only once the car's race is
// over; WearFor gives the wear exactly then, and a build line is handed
// whole to exactly the seats that read the build.
func TestContractReadsBuildUnder5D(t *testing.T) {
	g, con, random := started5DContract(t, "contract-5d-reads-build", 3)
	hidden := 0
	check := func() {
		for car := 1; car <= len(g.Cars); car++ {
			racing := !g.Over && g.Cars[car-1].Status == Racing
			line := Event{Kind: "configuration", Args: []Arg{{Key: "car", Val: fmt.Sprint(car)}, {Key: "wear", Val: "9/3/2/2/2/2"}}}
			out := con.HandOut(line)
			for _, reader := range []int{engine.Referee, -1, 0, 1, 2} {
				want := reader == engine.Referee || reader == car-1 || !racing
				if !want {
					hidden++
				}
				assert.Equal(t, want, con.ReadsBuild(reader, car), "reader %d, car %d (racing: %v)", reader, car, racing)
				wear, ok := con.WearFor(reader, car)
				assert.Equal(t, want, ok, "WearFor(%d, %d)", reader, car)
				if ok {
					assert.Equal(t, g.Cars[car-1].Wear, wear)
				}
				if reader >= 0 {
					assert.Equal(t, want, out.Audience().Everyone() || slices.Contains(out.Audience().Seats, reader), "car %d's build line to seat %d", car, reader)
				}
			}
		}
	}
	check()
	playByAutopilot(t, con, random, func(engine.Step) { check() })
	check()
	assert.Positive(t, hidden, "5-D hid a build from someone")
}

// Without 5-D every reader reads every car's build.
func TestContractReadsBuildWithout5D(t *testing.T) {
	c, err := tracks.Get("port-azur")
	require.NoError(t, err)
	cfg := fdrConfig()
	cfg.Laps = 1
	g, err := NewGame(GameIDFor(SeedFrom("contract-no-5d-reads")), cfg, c, 2)
	require.NoError(t, err)
	require.NoError(t, g.Start(noShuffles{dice.NewSeeded(SeedFrom("contract-no-5d-reads"))}))
	con := NewContract(g, sayKey)
	for car := 1; car <= 2; car++ {
		for _, reader := range []int{engine.Referee, -1, 0, 1} {
			assert.True(t, con.ReadsBuild(reader, car), "reader %d, car %d", reader, car)
		}
	}
}
