package fd

// autoBlockCost estimates what a blocking of k spaces costs (T5, R12.5):
// the competition rules' table where the ruleset has it (BlockTableT5,
// the module's BlockCost), else the base's; not ok when the car cannot pay.
func (g *Game) autoBlockCost(k int, w Wear) (Wear, bool) {
	if g.can().BlockTableT5 {
		return g.rules().BlockCost(g, k, w)
	}
	return blockCost(k, w, g.Config.StrictBlockTable)
}
