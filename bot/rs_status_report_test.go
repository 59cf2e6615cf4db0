package bot

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// An rs race said from its reported phrases (engine.Reported, the one
// catalog) reads word for word as rs.Contract's own Status and Facts, at
// every moment of many races of every mode and optional rule, for every
// reader, in both languages: the moments the golden's races never reach
// (a car out, the safety car, a stop with its nose, the advanced
// qualifying's passes, the autopilot's orders) included.
func TestRSReportSaysWhatStatusSays(t *testing.T) {
	races := []struct {
		track    string
		mode     rs.Mode
		optional []string
		seats    int
	}{
		{"windmere", rs.Family, nil, 2},
		{"cragsby", rs.Family, nil, 5},
		{"windmere", rs.Standard, nil, 3},
		{"cragsby", rs.Standard, []string{rs.OptWeather, rs.OptAdvancedQuali}, 2},
		{"windmere", rs.Standard, []string{rs.OptTwoCars, rs.OptTeamPits, rs.OptTyreAllocation}, 2},
		{"cragsby", rs.Standard, []string{rs.OptQuickStart, rs.OptManufacturer, rs.OptFixedFast, rs.OptSystemOnly}, 3},
		{"windmere", rs.Standard, []string{rs.OptWeather, rs.OptThreeFast, rs.OptTwoPiles, rs.OptFullEvents}, 4},
	}
	if testing.Short() {
		races = races[:3]
	}
	said := map[string]int{}
	for i, race := range races {
		for round := range 2 {
			cfg := rs.Config{Mode: race.mode, Seats: race.seats}
			for _, o := range race.optional {
				require.NoError(t, cfg.SetOptional(o))
			}
			c, err := rscircuit.Get(race.track)
			require.NoError(t, err)
			src := dice.NewSeeded(rs.SeedFrom(fmt.Sprintf("rs report %d %d", i, round)))
			g, err := rs.NewGame("r", cfg, c, src)
			require.NoError(t, err)
			l := &served{meta: &meta{Game: gameRS, Mode: string(race.mode)}, kind: rsKind{}, game: rs.Contract{G: g, Say: sayPhrase}}
			rng := rand.New(rand.NewPCG(uint64(i), uint64(round)))
			for n := 0; ; n++ {
				require.Less(t, n, 5000, "the race never ended")
				for _, lang := range []string{"en", "fr"} {
					for reader := -1; reader < race.seats; reader++ {
						require.Equal(t, l.game.Status(reader, lang), l.status(reader, lang), "race %d.%d order %d, reader %d, %s", i, round, n, reader, lang)
						for _, o := range l.game.Options(reader) {
							require.Equal(t, l.game.Facts(reader, o.Key, lang), l.facts(reader, o.Key, lang), "race %d.%d order %d, seat %d, %s", i, round, n, reader+1, o.Key)
						}
					}
				}
				for _, p := range l.game.(engine.Reported).Report(0).Notes {
					said[p.Key]++
				}
				if g.Over {
					break
				}
				pending := l.game.Pending()
				d := pending[rng.IntN(len(pending))]
				if rng.IntN(8) == 0 || len(d.Options) == 0 {
					_, err = l.game.Expire(src)
				} else {
					_, err = l.game.Submit(d.Seat, d.Options[rng.IntN(len(d.Options))].Key, src)
				}
				require.NoError(t, err)
			}
		}
	}
	require.Positive(t, said["rs.hand"], "the hand was said")
}

// reportedStatus must not be the only way: a contract game that reports
// nothing (the duel) is said by its own Status.
func TestServedStatusWithoutReport(t *testing.T) {
	l := &served{game: fakeUnreported{}}
	require.Equal(t, "status of 1 in fr", l.status(1, "fr"))
	require.Equal(t, "facts of 1 k in en", l.facts(1, "k", "en"))
	_, ok := l.asked(1)
	require.False(t, ok)
}

type fakeUnreported struct{ engine.Game }

func (fakeUnreported) Status(seat int, lang string) string {
	return fmt.Sprintf("status of %d in %s", seat, lang)
}
func (fakeUnreported) Facts(seat int, key, lang string) string {
	return fmt.Sprintf("facts of %d %s in %s", seat, key, lang)
}

// Every form a sealed order takes in its seat's status — a speed card
// with the risk card, Tapez, Economise, a stop keeping the nose, the
// autopilot's, an order under the safety car, a qualifying order with
// its redraw, direction and tyres, an advanced qualifying pass — reads
// the same from the reported phrases as from Describe, in both languages.
func TestRSSealedOrderSaidEitherWay(t *testing.T) {
	c, err := rscircuit.Get("windmere")
	require.NoError(t, err)
	src := dice.NewSeeded(rs.SeedFrom("rs sealed forms"))
	g, err := rs.NewGame("r", rs.Config{Mode: rs.Family, Seats: 2}, c, src)
	require.NoError(t, err)
	l := &served{meta: &meta{Game: gameRS}, kind: rsKind{}, game: rs.Contract{G: g, Say: sayPhrase}}
	_, err = l.game.Submit(0, g.Options(0)[0].Key, src)
	require.NoError(t, err)
	require.NotNil(t, g.Sealed[0])
	sealed := g.Events
	for _, line := range []string{
		"order to=1 seat=1 card=296 risk=1",
		"order to=1 seat=1 card=299 risk=0 tapez=1 economise=1 pit=intermediate deck=risky nose=keep by=autopilot",
		"order to=1 seat=1 card=0 risk=0 pit=rain deck=careful",
		"order to=1 seat=1 card=0 risk=0 economise=1",
		"order to=1 seat=1 card=0 risk=0 deck=risky redraw=500",
		"order to=1 seat=1 card=0 risk=0 deck=careful redraw=4 dir=inside tyres=soft",
		"order to=1 seat=1 card=0 risk=0 deck=careful dir=outside",
		"order to=1 seat=1 card=0 risk=0 deck=risky redraw=250 dir=straight by=autopilot",
		"order to=1 seat=1 pass=1 by=autopilot",
	} {
		e, err := rs.ParseEvent(line)
		require.NoError(t, err, line)
		g.Events = append(sealed[:len(sealed):len(sealed)], e)
		for _, lang := range []string{"en", "fr"} {
			want := l.game.Status(0, lang)
			require.Contains(t, want, sayPhrase(g.EventPhrase(e), lang), "the status says the sealed order")
			require.Equal(t, want, l.status(0, lang), "%s in %s", line, lang)
			require.NotContains(t, l.status(1, lang), sayPhrase(g.EventPhrase(e), lang), "the other seat reads it")
		}
	}
}
