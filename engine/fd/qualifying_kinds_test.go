package fd

import (
	"strconv"
	"testing"
)

// O-QUA (issue 14): a session line's copy in the race's record is of kind
// "q-" and the line's kind, joined once a game for each kind
// (copyQualiKind): the same text for every kind, asked once or many
// times, in any order, and past the kinds it keeps.
func TestCopyQualiKindIsTheJoin(t *testing.T) {
	var g Game
	var kinds []string
	for i := range 2 * maxQualiKinds {
		kinds = append(kinds, "kind"+strconv.Itoa(i))
	}
	kinds = append(kinds, "turn", "roll", "move", "gear", "", "q-roll")
	for round := range 3 {
		for i := range kinds {
			k := kinds[(i*11+round)%len(kinds)] // 11 is prime to the 70 kinds: each one a round
			if got := g.copyQualiKind(k); got != "q-"+k {
				t.Fatalf("copyQualiKind(%q) = %q, want %q", k, got, "q-"+k)
			}
		}
	}
	if len(g.qualiKinds) != maxQualiKinds {
		t.Errorf("%d kinds kept, want the bound %d", len(g.qualiKinds), maxQualiKinds)
	}
}
