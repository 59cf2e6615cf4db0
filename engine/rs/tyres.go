package rs

import "fmt"

// The standard game's tyres (racing-simulator.md §3.16, T-02, T-09). A
// pile is a stack of tyre cards, new on top, worn below; its top card is
// the tyre's state. These rules are tested one by one; the standard game
// that uses them is not playable yet (doc.go).

// Tyre is a tyre type.
type Tyre string

// The tyre types.
const (
	Hard  Tyre = "hard"
	Soft  Tyre = "soft"
	Inter Tyre = "intermediate"
	Rain  Tyre = "rain"
)

// Slick reports whether t is a dry tyre (hard or soft).
func (t Tyre) Slick() bool { return t == Hard || t == Soft }

// TyreCard is one card of a pile: its value (new: 0 hard, +2 soft, 0 for
// the unnumbered new intermediate and rain cards; worn: −3, −4, −5).
type TyreCard struct {
	Value int
	Worn  bool
}

// PileSpec is a pile's composition: new cards, then −3, −4 and −5 cards
// (T-02, T-19's "new / −3 / −4 / −5" format).
type PileSpec struct{ New, M3, M4, M5 int }

// StandardPiles are T-02's piles (R-TYR-01): hard 7×0, 2×−3, 2×−4, 1×−5;
// soft 5×+2, 1×−3, 1×−4, 1×−5; intermediate 7 new, 3×−3; rain 5 new, 3×−3.
var StandardPiles = map[Tyre]PileSpec{
	Hard:  {7, 2, 2, 1},
	Soft:  {5, 1, 1, 1},
	Inter: {7, 3, 0, 0},
	Rain:  {5, 3, 0, 0},
}

// NewPile builds a brand-new pile, top first: every new card, then the
// −3s, the −4s and the −5 (R-TYR-02).
func NewPile(t Tyre, spec PileSpec) []TyreCard {
	newValue := 0
	if t == Soft {
		newValue = 2
	}
	var p []TyreCard
	for range spec.New {
		p = append(p, TyreCard{Value: newValue})
	}
	for _, vn := range [][2]int{{-3, spec.M3}, {-4, spec.M4}, {-5, spec.M5}} {
		for range vn[1] {
			p = append(p, TyreCard{Value: vn[0], Worn: true})
		}
	}
	return p
}

// t09 is T-09: the drop-back P-n for a tyre at humidity 0–15, new and
// worn; −1 marks "P-x" (the worn slick's own value applies).
var t09 = map[Tyre][2][16]int{
	Hard:  {{0, 0, 0, 0, 2, 4, 6, 6, 6, 6, 7, 8, 9, 9, 9, 9}, {-1, -1, -1, -1, 6, 6, 6, 6, 6, 6, 7, 8, 9, 9, 9, 9}},
	Soft:  {{0, 0, 0, 0, 2, 4, 6, 6, 6, 6, 7, 8, 9, 9, 9, 9}, {-1, -1, -1, -1, 6, 6, 6, 6, 6, 6, 7, 8, 9, 9, 9, 9}},
	Inter: {{6, 4, 2, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 3, 3, 3}, {6, 4, 2, 0, 0, 1, 2, 3, 3, 3, 4, 5, 6, 6, 6, 6}},
	Rain:  {{6, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {6, 6, 5, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3}},
}

// TW is the tyre-and-weather modifier of a tyre whose top card is top, at
// humidity h (R-SPD-04, AMB-10: the table replaces the card). Without the
// weather rules it is the card's value.
func TW(t Tyre, top TyreCard, h int, weather bool) int {
	if !weather || (t.Slick() && h <= 3) {
		return top.Value
	}
	h = min(max(h, 0), 15)
	row := 0
	if top.Worn {
		row = 1
	}
	p := t09[t][row][h]
	if p < 0 { // P-x: the worn slick's own value
		return top.Value
	}
	return -p
}

// WearCount is how many tyre cards the turn sets aside at humidity h
// (R-TYR-05).
func WearCount(t Tyre, h int) int {
	switch {
	case t == Rain && h >= 11:
		return 0
	case t == Rain && h < 6:
		return 2
	case t == Rain:
		return 1
	case h >= 6:
		return 0
	case t == Inter && h == 0:
		return 2
	default:
		return 1
	}
}

// Wear sets aside n cards from the top of pile, never the last one
// (R-TYR-04, AMB-55), and returns the new pile and the cards set aside.
func Wear(pile []TyreCard, n int) (rest, removed []TyreCard) {
	n = min(n, len(pile)-1)
	if n <= 0 {
		return pile, nil
	}
	return pile[n:], pile[:n]
}

// EconomiseThreshold is the number of saved tyre cards at which one goes
// back on top of the pile and the other is discarded (R-ADJ-03, AMB-07).
const EconomiseThreshold = 2

// Save adds the cards wear removed to a player's saved cards under
// Economise (R-ADJ-03): at the threshold, the first saved card goes back
// on top of the pile and the rest are discarded.
func Save(pile, saved, removed []TyreCard) (newPile, newSaved, discarded []TyreCard) {
	saved = append(append([]TyreCard(nil), saved...), removed...)
	if len(saved) < EconomiseThreshold {
		return pile, saved, nil
	}
	back := saved[0]
	return append([]TyreCard{back}, pile...), nil, saved[1:]
}

// Modifier is the step-1 modifier M of a car (R-REC-02): its tyre
// modifier plus −2 per damage card; a system car's is its owner's tyre
// modifier alone (damage never applies to system cars, R-SPD-02).
func Modifier(tw, damage int, system bool) int {
	if system {
		return tw
	}
	return tw - 2*damage
}

// StepOneDrop is how far step 1 drops a car back (R-REC-03): |M| when M is
// negative, nothing otherwise (no forward move).
func StepOneDrop(m int) int { return max(0, -m) }

// EconomiseDrop is the extra drop-back of Economise (R-ADJ-01):
// max(0, −(M−2)) − max(0, −M). Examples: M 0 → 2, M +2 → 0, M −2 → 2.
func EconomiseDrop(m int) int { return max(0, -(m-2)) - max(0, -m) }

// TapezAdvance is Tapez's advance (R-ADJ-01, AMB-09): max(0, −M) −
// max(0, −(M+2)) = min(2, the squares dropped at step 1).
func TapezAdvance(m int) int { return max(0, -m) - max(0, -(m+2)) }

// StandardSpeed is a player car's total (R-SPD-01): card + 2·risk + TW +
// 2·tapez − 2·economise − 2·damage.
func StandardSpeed(card int, risk bool, tw int, tapez, economise bool, damage int) int {
	s := card + tw - 2*damage
	if risk {
		s += 2
	}
	if tapez {
		s += 2
	}
	if economise {
		s -= 2
	}
	return s
}

// SystemSpeed is a system car's total (R-SPD-02): its green card plus its
// owner's TW and Tapez/Economise; never risk, never damage.
func SystemSpeed(card, ownerTW int, tapez, economise bool) int {
	return StandardSpeed(card, false, ownerTW, tapez, economise, 0)
}

// StandardOrder is a standard race order (R-ORD-01).
type StandardOrder struct {
	Card            int
	Risk            bool
	Tapez           bool
	Economise       bool
	Pit             bool
	PitTyre         Tyre
	PitDeck         string // "risky" or "careful"
	KeepNoseDamaged bool   // AMB-28: the nose change is on unless refused
}

// CheckStandardOrder applies R-ORD-02, R-ORD-03 and AMB-50 to an order
// for a car with damage cards and the given top tyre card.
func CheckStandardOrder(o StandardOrder, tyre Tyre, top TyreCard, damage int) error {
	switch {
	case o.Tapez && o.Economise:
		return fmt.Errorf("%w: Tapez and Economise exclude each other (R-ORD-03)", ErrIllegal)
	case o.Risk && damage > 0:
		return fmt.Errorf("%w: a damaged car cannot take risk (R-ORD-02)", ErrIllegal)
	case o.Risk && o.Economise:
		return fmt.Errorf("%w: no risk with Economise (R-ORD-02)", ErrIllegal)
	case o.Risk && top.Worn:
		return fmt.Errorf("%w: no risk on worn tyres (R-ORD-02, AMB-14)", ErrIllegal)
	case (o.Tapez || o.Economise) && (!tyre.Slick() || top.Worn):
		return fmt.Errorf("%w: Tapez and Economise need a new slick card on top (R-ORD-03)", ErrIllegal)
	case o.Pit && o.PitDeck != "risky" && o.PitDeck != "careful":
		return fmt.Errorf("%w: a pit stop draws from the risky or the careful deck (R-PIT-03)", ErrIllegal)
	case o.Pit && StandardPiles[o.PitTyre] == (PileSpec{}):
		return fmt.Errorf("%w: a pit stop names the tyres to fit (R-PIT-07)", ErrIllegal)
	}
	return nil
}

// FastSystemCars returns which system cars are fast (R-VSJ-03, AMB-05):
// every system car ahead of the best-placed player car, or, if there is
// none, the best-placed system car alone. file is front to back.
func FastSystemCars(file []*Car) map[*Car]bool {
	fast := map[*Car]bool{}
	for _, c := range file {
		if !c.System() {
			break
		}
		fast[c] = true
	}
	if len(fast) == 0 {
		for _, c := range file {
			if c.System() {
				fast[c] = true
				break
			}
		}
	}
	return fast
}

// HandAfterTurn says what the standard hand cycle does at the end of turn
// t (R-ORD-05, R-EOT-02/03): "rebuild" after turn 8 (shuffle the two
// blocks, 8 to the hand and 8 to the pile), "draw" after turns 9–16, and
// nothing otherwise.
func HandAfterTurn(t int) string {
	switch {
	case t == 8:
		return "rebuild"
	case t >= 9 && t <= 16:
		return "draw"
	}
	return ""
}
