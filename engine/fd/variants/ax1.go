package variants

// AX-1 Dragster (league-variants.md annex 1, LF-50): a side event with no
// race of Formula Dé. Each run is a duel game of its own (engine/duel,
// league AMB-54) and the best-of-5 matches and the knock-out bracket are
// the league's (engine/league/dragster.go, bot/league_dragster.go); no
// game switch.
import "github.com/pitwall/pitwall/engine/fd"

func init() { fd.RegisterVariant("AX-1", variantAX1) }

func variantAX1() fd.Variant {
	return fd.LeagueVariant(fd.Variant{ID: "AX-1", Group: "c", Name: "Dragster", NameFR: "Dragster", Chapter: fd.ChapterAnnexes, Scope: fd.ScopeSideEvent,
		Params: []fd.VariantParam{},
		Help:   "knock-out one-against-one drag races, best of 5 runs on a straight of 5 lanes, the line at 50 squares; each run a duel of sealed orders (league add-dragster)"})
}
