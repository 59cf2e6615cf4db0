package decks

// Block is one block of speed cards, one of each value (R-SET-02, T-02):
// 293 to 300 km/h.
var Block = []int{293, 294, 295, 296, 297, 298, 299, 300}

// Hippo is the family game's 12 "hippo" speed cards of one colour
// (R-FAM-02). The text does not say which 12 of the 16 carry the hippo
// (AMB-06): Pitwall takes the digest's placeholder, one full block plus
// 295, 296, 297 and 298, which keeps the mean at 296.5 like a block. The
// family system cars' green deck is twice this set (R-VSJ-01): 24 cards.
var Hippo = []int{293, 294, 295, 296, 297, 298, 299, 300, 295, 296, 297, 298}

// Hippo returns a fresh copy of the hippo set.
func HippoSet() []int { return append([]int(nil), Hippo...) }

// GreenFamily returns the family system cars' green deck: 2 × Hippo.
func GreenFamily() []int { return append(HippoSet(), Hippo...) }

// Blocks returns n blocks of speed cards, 293–300 each, in order.
func Blocks(n int) []int {
	var out []int
	for range n {
		out = append(out, Block...)
	}
	return out
}

// GreenStandard is the standard game's green deck for the system cars
// (R-SET-03, R-VSJ-01): twice the players' cards, 2 blocks (16 cards)
// for turns 1–8, 4 blocks (32) from turn 9.
func GreenStandard(turn int) []int {
	if turn >= 9 {
		return Blocks(4)
	}
	return Blocks(2)
}
