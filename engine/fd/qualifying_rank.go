package fd

// RanksBefore orders qualifying results as the grid is made of them (fdr
// R1.13, AMB-42: completed before aborted; fewer rolls and penalty rolls;
// further past the line; earlier completion): 1-A's later sessions run
// the slower first. It is the base's own ordering of its result type,
// written in fdr_setup.go (qualifiesBefore), which fdr's grid and the
// qualifying positions call too: its body moves here, and theirs call
// it, when that file is free (issue 13, the fdr-variants round).
func (r QualifyingResult) RanksBefore(o QualifyingResult) bool { return qualifiesBefore(r, o) }
