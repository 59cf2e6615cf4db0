package fd

// What the AI drivers (engine/ai) read of a competition-rules setup (FDR
// R1.5, R8.1). Nothing here changes a game.

// TyresForQualifying says whether a pending tyre choice under the
// competition rules is for a qualifying session (R1.5) rather than the
// race (R8.1, the race weather known: R3.1).
func (g *Game) TyresForQualifying() bool {
	return g.fdr != nil && g.fdr.stage <= fdrStageCollect
}
