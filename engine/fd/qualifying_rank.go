package fd

// RanksBefore orders qualifying results as the competition rules make the
// grid of them (fdr R1.13, AMB-42): completed before aborted; fewer rolls
// (and penalty rolls); further past the line; earlier completion; aborted
// ones by the distance covered, then completion. The order is the base's,
// as its result type is: the base's solo lap fills every field it reads
// (qualifying.go: Covered, and Seq by completionSeq), and fdr's grid and
// best results and 1-A's running order (a league variant, which will see
// only engine/fd's exported API) all rank by it, none holding a game to
// ask a module of. The 2008 rules' optional qualifying ranks by score
// alone, ties rolled (O-QUA, qualifyingOrder).
func (r QualifyingResult) RanksBefore(o QualifyingResult) bool {
	if r.Ended != o.Ended {
		return !r.Ended
	}
	if r.Ended {
		if r.Covered != o.Covered {
			return r.Covered > o.Covered
		}
		return r.Seq < o.Seq
	}
	if r.Score() != o.Score() {
		return r.Score() < o.Score()
	}
	if r.Past != o.Past {
		return r.Past > o.Past
	}
	return r.Seq < o.Seq
}
