package ai

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/street"
	"github.com/pitwall/pitwall/tracks"
)

// Every level drives every ruleset and variant Pitwall offers to the flag:
// the complete rules with each optional rule and all of them, the
// competition rules, the street races; and the record replays without the
// AI (its orders are in it like a player's).
func TestEveryRulesetToTheFlag(t *testing.T) {
	type variant struct {
		name  string
		track string
		cfg   func() fd.Config
	}
	with := func(opts ...string) func() fd.Config {
		return func() fd.Config {
			cfg := fd.DefaultConfig()
			for _, o := range opts {
				require.NoError(t, cfg.EnableOptional(o))
			}
			return cfg
		}
	}
	// fdr's base, as the rulesets table gives it
	fdr := func() fd.Config { return fd.ConfigFor(fd.FDR) }
	variants := []variant{
		{"fd2008", "hollowmere", with()},
		{"fd2008+weather+tyres+pit-options", "port-azur", with("weather", "tyres", "pit-options")},
		{"fd2008+building+qualifying+team", "kestrel-downs", with("building", "qualifying", "team")},
		{"fdr", "hollowmere", fdr},
		{"fdr-oval", "oval", fdr},
		{"street", "race-city", street.Config},
	}
	seats := []Level{Rookie, Pro, Legend, Autopilot, Legend, Pro}
	// under fdr one legend: its look-ahead's path search costs several
	// times more there, and CI runs this under -race
	fdrSeats := []Level{Rookie, Pro, Legend, Autopilot, Rookie, Pro}
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			c, err := tracks.Get(v.track)
			require.NoError(t, err)
			cfg := v.cfg()
			// one lap reaches the flag under every ruleset (pits, weather
			// and qualifying included) at a third of the cost: the legend
			// thinks a play ahead, and CI runs this under -race
			cfg.Laps = 1
			seed := fd.SeedFrom("every-ruleset-" + v.name)
			field := seats
			if cfg.Rules.Info().Can.PitPointBuild {
				field = fdrSeats
			}
			g, plays, err := Race(cfg, c, field, seed)
			require.NoError(t, err)
			require.True(t, g.Over)
			finished := 0
			for i, car := range g.Cars {
				if car.Status == fd.Finished {
					finished++
					assert.Positive(t, plays[i], "car %d finished without a play", i+1)
				}
			}
			assert.Positive(t, finished, "nobody finished")
			rec := &fd.Record{Game: g.ID, Rules: cfg.Rules, Options: cfg.Options(), Track: v.track, Cars: len(field),
				Commitment: dice.Commitment(seed), Events: g.Events}
			r, err := fd.Replay(rec, c)
			require.NoError(t, err, fmt.Sprint(v.name))
			assert.Equal(t, g.Results(), r.Results())
		})
	}
}
