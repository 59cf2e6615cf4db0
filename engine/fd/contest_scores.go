package fd

// A contest's scores stay the base's though AX-2's file declared them: they
// are what the record's contest-score events say, read by the league
// (bot) and the tests as a method of Game, which a package of the variants
// cannot declare.

// ContestScore is one car's score in a contest (AX-2, AX-3): its moves
// summed over the sessions, and whether a lap of it ended before the line.
type ContestScore struct {
	Car, Moves int
	Ended      bool
}

// ContestScores are a contest's scores as its record tells them (the
// contest-score events), by car; none before its ranking.
func (g *Game) ContestScores() []ContestScore {
	var out []ContestScore
	for _, e := range g.Events {
		if x, ok := decoded[ContestScoreEvent](e); ok { // the ranking writes every one whole
			out = append(out, ContestScore{Car: x.Car, Moves: x.Moves, Ended: x.Ended})
		}
	}
	return out
}
