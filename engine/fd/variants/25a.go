package variants

// 25-A Team management between seasons (league-variants.md ch. 25,
// AMB-53): the league layer runs it (engine/league/market.go for the
// market, bankruptcy and the engine suppliers; bot/league_market.go for
// the pilots' wishes, team creation, the transition to the next season and
// the mid-season No. 1/No. 2 swap); no game switch.
import "github.com/pitwall/pitwall/engine/fd"

func init() { fd.RegisterVariant("25-A", variant25A) }

func variant25A() fd.Variant {
	return fd.LeagueVariant(fd.Variant{ID: "25-A", Group: "b", Name: "Team management between seasons", NameFR: "Gestion d'écurie", Chapter: fd.ChapterTeam, Scope: fd.ScopeLeague,
		Params: []fd.VariantParam{
			fd.NewParam("leave_points", "40", "a pilot with this many points may leave his team"),
			fd.NewParam("stay_roll_points", "20", "from this many points a d20 decides (1–10 leaves); below, the pilot is fired"),
			fd.NewParam("bankruptcy_points", "20", "a team under this many points goes bankrupt and sits out the next season"),
			fd.NewParam("suppliers", "", "the league's engine suppliers, separated by / (empty: no supplier changes)"),
		},
		Help: "season transitions: the driver market by points, bankruptcy below 20 team points, team creation, engine-supplier changes, the mid-season No. 1/No. 2 swap"})
}
