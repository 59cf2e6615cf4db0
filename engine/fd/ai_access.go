package fd

// QualifyingLap is car's qualifying lap while it is being driven: the
// one-car game of its session (O-QUA, FDR R1), whose car is number 1, for
// an AI driver to plan the lap on. Callers only read it; orders still go
// through the race's Submit.
func (g *Game) QualifyingLap(car int) (*Game, bool) {
	sub := g.quali[car]
	if sub == nil || sub.Over || len(sub.Cars) != 1 {
		return nil, false
	}
	return sub, true
}
