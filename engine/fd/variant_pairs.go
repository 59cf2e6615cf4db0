package fd

import "slices"

// interactingPairs are the pairs of variants league-variants.md says
// interact: for each variant, the others its §2 entry or its §5 ambiguity
// row names. The tests play each pair with both on (issue 16): the game
// switches in engine/fd's TestVariantPairsTheSpecNames, the pairs with a
// league rule in bot's TestVariantPairsInALeague.
var interactingPairs = [][2]string{
	{"1-C", "21-A"}, {"1-C", "24-A"}, {"1-D", "24-A"}, {"10-A", "20-A"}, {"10-A", "21-A"},
	{"14-B", "8-C"}, {"16-A", "16-B"}, {"16-A", "17-B"}, {"16-A", "21-A"}, {"16-C", "16-D"},
	{"16-C", "5-C"}, {"16-C", "6-D"}, {"16-C", "8-C"}, {"16-D", "16-E"}, {"16-D", "19-A"},
	{"16-D", "20-A"}, {"16-D", "5-A"}, {"16-D", "5-B"}, {"16-D", "6-C"}, {"16-D", "6-D"},
	{"16-D", "8-C"}, {"16-E", "5-C"}, {"16-E", "6-D"}, {"16-E", "8-C"}, {"16-F", "5-A"},
	{"16-F", "5-B"}, {"16-F", "8-C"}, {"19-A", "5-C"}, {"19-A", "8-C"}, {"19-D", "19-G"},
	{"19-D", "20-B"}, {"19-D", "23-A"}, {"19-D", "23-B"}, {"19-D", "24-B"}, {"19-D", "5-B"},
	{"19-E", "19-F"}, {"19-E", "5-B"}, {"19-F", "19-G"}, {"19-F", "4-B"}, {"19-G", "23-B"},
	{"2-A", "8-B"}, {"2-B", "21-A"}, {"20-A", "21-A"}, {"20-A", "5-C"}, {"20-A", "8-C"},
	{"20-B", "23-A"}, {"20-B", "24-B"}, {"21-A", "7-A"}, {"23-A", "23-C"}, {"23-A", "24-B"},
	{"23-A", "5-E"}, {"23-B", "5-E"}, {"24-A", "24-C"}, {"25-A", "4-A"}, {"3-A", "8-C"},
	{"3-B", "8-C"}, {"4-B", "5-D"}, {"5-A", "5-C"}, {"5-A", "8-C"}, {"5-B", "5-C"},
	{"5-B", "8-C"}, {"5-C", "6-C"}, {"5-D", "5-E"}, {"5-E", "5-E2"}, {"8-A", "8-C"},
	{"8-B", "8-C"}, {"8-C", "9-A"}, {"AX-2", "AX-3"},
	// found by issue 16's audit: league AMB-01's raw-d20 thresholds read by
	// 6-C's box; 23-A(e)'s team ledger spent as 23-B(b)'s; §6(b)'s
	// "1-D is an alternative to 1-C" and "6-B pairs with the Top"
	{"16-C", "6-C"}, {"16-E", "6-C"}, {"6-C", "8-C"}, {"6-C", "9-A"}, {"23-A", "23-B"},
	{"1-C", "1-D"}, {"6-A", "6-B"},
}

// InteractingPairs returns the pairs of variants the spec says interact,
// each pair's ids in the spec's order of numbers.
func InteractingPairs() [][2]string { return slices.Clone(interactingPairs) }
