package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// AX-2 (LF-52, AMB-55): with 4 pilots the winner scores 5/5, then 3/5,
// 2/5, 1/5; over two circuits the fractions add numerators and
// denominators; winner=n gives the winner 4/5.
func TestContestStandings(t *testing.T) {
	rounds := []ContestRound{
		{Track: "a", Order: []string{"Anna", "Bob", "Cleo", "Dan"}},
		{Track: "b", Order: []string{"Cleo", "Anna", "Dan"}},
	}
	got := ContestStandings(rounds, false)
	want := map[string][2]int{"Anna": {5 + 2, 5 + 4}, "Bob": {3, 5}, "Cleo": {2 + 4, 5 + 4}, "Dan": {1 + 1, 5 + 4}}
	for _, r := range got {
		assert.Equal(t, want[r.Pilot], [2]int{r.Numerator, r.Denominator}, r.Pilot)
	}
	var order []string
	for _, r := range got {
		order = append(order, r.Pilot)
	}
	assert.Equal(t, []string{"Anna", "Cleo", "Bob", "Dan"}, order, "7/9, 6/9, 3/5, 2/9")
	assert.Equal(t, 2, got[0].Circuits)

	n := ContestStandings(rounds[:1], true)
	assert.Equal(t, [2]int{4, 5}, [2]int{n[0].Numerator, n[0].Denominator}, "winner=n: N/(N+1)")
	assert.Equal(t, [2]int{3, 5}, [2]int{n[1].Numerator, n[1].Denominator})
}
