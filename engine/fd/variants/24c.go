package variants

// 24-C Side trophies (league-variants.md ch. 24): end-of-season rankings
// the league layer computes from its recorded results
// (engine/league/trophies.go); no game switch.
import "github.com/pitwall/pitwall/engine/fd"

func init() { fd.RegisterVariant("24-C", variant24C) }

func variant24C() fd.Variant {
	return fd.LeagueVariant(fd.Variant{ID: "24-C", Group: "b", Name: "Side trophies", NameFR: "Trophées annexes", Chapter: fd.ChapterSide, Scope: fd.ScopeLeague,
		Params: []fd.VariantParam{
			// league AMB-51: the time trophies need a live qualifying session;
			// Pitwall plays none, so yes is listed and refused by the league
			// with a sentence (bot's checkLiveQualifying).
			{Key: "live_quali", Default: "no", Values: []string{"no", "yes"}, Help: "the two time trophies of qualifying; yes needs a live qualifying session, which Pitwall does not play (refused)"},
		},
		Help: "side rankings from the recorded results: complete pilot and team (race + qualifying points), best climb and worst fall, fewest retirements, fewest qualifying penalties a session, the fines the game master enters; the time trophies need a live qualifying and are not offered"})
}
