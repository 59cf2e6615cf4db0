package variants

// AX-4 "Fureur de vivre" (league-variants.md annex 4, LF-53): a side
// event with no race of Formula Dé. Each challenge accepted is a duel game
// of its own (engine/duel, league AMB-57); the challenges and the
// Glory/Shame ledger are the league's (engine/league/rebel.go,
// bot/league_rebel.go); no game switch.
import "github.com/pitwall/pitwall/engine/fd"

func init() { fd.RegisterVariant("AX-4", variantAX4) }

func variantAX4() fd.Variant {
	return fd.LeagueVariant(fd.Variant{ID: "AX-4", Group: "c", Name: "Rebel Without a Cause", NameFR: "Fureur de vivre", Chapter: fd.ChapterAnnexes, Scope: fd.ScopeSideEvent,
		Params: []fd.VariantParam{fd.NewParam("faster", "gear", "who is faster when the gears differ: the higher gear, or more squares (league AMB-57)", "gear", "squares"),
			{Key: "marsh_at", Default: "50", Help: "the first square of the marsh, from 10 to 200: a car that reaches it is lost"}},
		Help: "a two-car chicken duel on a straight ending in a marsh, gears chosen in secret, glory and shame tallies (league challenge, league accept)"})
}
