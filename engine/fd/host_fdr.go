package fd

// The host API's part the competition rules (fdr_*.go) ask for on their
// way to a package of their own, engine/fd/fdr (issue 13): what fdr reads
// or does through the base turn that the street module never needed.
// Each is a thin wrapper of the base's own field or function, so fdr
// plays exactly what it played (the frozen records, TestSpeedFreeze); the
// unexported twins stay where engine/fd's own code calls them.
// TestFDRFilesUseOnlyTheHostAPI lists what fdr still uses besides.

// RuledSessions is the number of qualifying sessions a league variant's
// SessionRule sets, 0 without one: fdr's configuration check accepts
// that many sessions beyond R1.1's two.
func (c Config) RuledSessions() int {
	n := 0
	_ = c.eachModule(func(_ string, m any) error {
		if r, ok := m.(SessionRule); ok {
			n = len(r.Sessions())
		}
		return nil
	})
	return n
}
