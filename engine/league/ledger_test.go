package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// race is a classified event: pilots in finishing order, each with team
// T<n> by pairs, grid as given, turns led as given.
func race(qualified bool, order []string, grid map[string]int, led map[string]int) Result {
	var cars []Car
	for i, p := range order {
		team := map[string]string{"Ana": "Red", "Bea": "Red", "Cy": "Blue", "Dan": "Blue"}[p]
		cars = append(cars, Car{Car: i + 1, Pilot: p, Team: team, Status: Finished, Finish: i + 1, Laps: 2, Grid: grid[p], TurnsLed: led[p]})
	}
	return Result{Cars: Classify(cars), Qualified: qualified}
}

func account(t *testing.T, book []Account, holder string) Account {
	t.Helper()
	for _, a := range book {
		if a.Holder == holder {
			return a
		}
	}
	t.Fatalf("no account for %s in %+v", holder, book)
	return Account{}
}

func TestMilliString(t *testing.T) {
	for m, want := range map[Milli]string{1800: "1.8", 75: "0.075", 18000: "18", 0: "0", -300: "-0.3", 1000: "1"} {
		assert.Equal(t, want, m.String())
	}
}

// 23-A(c): tenths for the podium, pole and most turns led; 1.0 buys one ±1
// a race, spent whole (1.8 ⇒ one spend, 0.8 kept), carried over.
func TestLedger23ACEarnsSpendsCarries(t *testing.T) {
	s, err := Schemes23A("c")
	require.NoError(t, err)
	require.Len(t, s, 2, "the bonus and the season boost tokens")
	grid := map[string]int{"Ana": 1, "Bea": 2, "Cy": 3, "Dan": 4}
	led := map[string]int{"Ana": 5, "Bea": 2}
	res := []Result{
		race(true, []string{"Ana", "Bea", "Cy", "Dan"}, grid, led), // Ana 0.5+0.1+0.1
		race(true, []string{"Ana", "Cy", "Bea", "Dan"}, grid, led), // Ana 0.7 again: 1.4
		race(true, []string{"Cy", "Ana", "Bea", "Dan"}, grid, led), // Ana spends 1 at round 3: 0.4, +0.2+0.1+0.1
	}
	spent := []Spent{{Round: 2, Holder: "Ana", Uses: 1}, {Round: 0, Holder: "Bea", Uses: 1}}
	book := s[0].Book(map[string]Milli{"Ana": 400}, res, spent, DefaultScale)
	ana := account(t, book, "Ana")
	assert.Equal(t, Milli(400), ana.Opening)
	assert.Equal(t, []Milli{700, 700, 400}, []Milli{ana.Entries[0].Earned, ana.Entries[1].Earned, ana.Entries[2].Earned})
	assert.Equal(t, 0, ana.Entries[0].Usable, "0.4 buys nothing")
	assert.Equal(t, 1, ana.Entries[2].Usable, "1.8 buys one spend, not two")
	assert.Equal(t, 1, ana.Entries[2].Spent)
	assert.Equal(t, Milli(400+700+700-1000+400), ana.Balance)
	assert.Equal(t, 1, ana.Next)
	bea := account(t, book, "Bea")
	assert.Equal(t, 0, bea.Entries[0].Spent, "a spend the balance did not allow is not taken")
	assert.Equal(t, Milli(200+100+100), bea.Balance)
	assert.Equal(t, map[string]Milli{"Ana": ana.Balance, "Bea": bea.Balance, "Cy": account(t, book, "Cy").Balance}, s[0].Closing(book))
}

// 23-A(c)'s season boost tokens: floor(season championship points / 30),
// a +1 each, any time that season, lost at its end.
func TestLedger23ACSeasonBoostTokens(t *testing.T) {
	s, err := Schemes23A("c")
	require.NoError(t, err)
	boost := s[1]
	assert.Equal(t, UseSeasonBoost, boost.Use)
	assert.True(t, boost.PlusOnly, "a +1")
	won := race(false, []string{"Ana", "Bea", "Cy", "Dan"}, nil, nil)
	second := race(false, []string{"Bea", "Ana", "Cy", "Dan"}, nil, nil)
	book := boost.Book(nil, []Result{won, won, second}, nil, DefaultScale)
	assert.Equal(t, 26*Point, account(t, book, "Ana").Balance, "10 + 10 + 6")
	assert.Zero(t, account(t, book, "Ana").Next, "26 points: no token yet")
	book = boost.Book(nil, []Result{won, won, second, won, won, won}, nil, DefaultScale)
	ana := account(t, book, "Ana")
	assert.Equal(t, 56*Point, ana.Balance)
	assert.Equal(t, 1, ana.Next, "56 points: one token")
	book = boost.Book(nil, []Result{won, won, won, won, won, won, won}, []Spent{{Round: 6, Holder: "Ana", Uses: 1}}, DefaultScale)
	ana = account(t, book, "Ana")
	assert.Equal(t, 2, ana.Entries[6].Usable, "60 points before the last race: two tokens, no bound a race")
	assert.Equal(t, 40*Point, ana.Balance, "one spent: 60 − 30 + 10")
	assert.Empty(t, boost.Closing(book), "the tokens expire at the season's end")
}

// 23-A(i): units of 10, the pilot's capital capped at 50 (45 + 10 ⇒ 50,
// nothing more at 50 until a spend), the team earning per lap.
func TestLedger23AICapAndTeam(t *testing.T) {
	s, err := Schemes23A("i")
	require.NoError(t, err)
	require.Len(t, s, 2)
	pilot, team := s[0], s[1]
	grid := map[string]int{"Ana": 1, "Bea": 2, "Cy": 3, "Dan": 4}
	win := race(true, []string{"Ana", "Bea", "Cy", "Dan"}, grid, map[string]int{"Ana": 3, "Cy": 1})
	// Ana: win 5 + pole 1 + most led 3 + start 1 = 10 an event
	book := pilot.Book(map[string]Milli{"Ana": 45 * Point}, []Result{win, win}, nil, DefaultScale)
	ana := account(t, book, "Ana")
	assert.Equal(t, 50*Point, ana.Entries[0].Balance, "45 + 10 is clipped to 50")
	assert.Equal(t, 50*Point, ana.Entries[1].Balance, "nothing more at the cap")
	assert.Equal(t, 1, ana.Next, "one spend a weekend, not five")
	cy := account(t, book, "Cy")
	assert.Equal(t, 2*Point+Point+Point, cy.Entries[0].Earned, "3rd 2, another pilot who led 1, the GP 1")

	book = pilot.Book(map[string]Milli{"Ana": 50 * Point}, []Result{win}, []Spent{{Round: 0, Holder: "Ana", Uses: 1}}, DefaultScale)
	// the pole is credited before the race (GridCredit), at the cap: lost;
	// the spend takes it below, and the race's 9 are earned again
	assert.Equal(t, 49*Point, account(t, book, "Ana").Balance, "a spend takes it below the cap: it earns again")

	tb := team.Book(nil, []Result{win}, nil, DefaultScale)
	// Red: win 5 + 2nd 3 + one-two 3 + front row 1 + most led (3 turns
	// against Blue's 1) 3 + 2 laps × 2 cars = 19; Blue: 3rd 2 + other
	// finisher 1 + 4 laps + Cy, another pilot who led, 1 = 8
	assert.Equal(t, 19*Point, account(t, tb, "Red").Balance)
	assert.Equal(t, 8*Point, account(t, tb, "Blue").Balance, "any other pilot with a move in the lead: 1 to the team")
	assert.Equal(t, 1, account(t, tb, "Red").Next, "19 buys one build point")

	// the team of the pilot with the most moves in the lead gets the
	// other's point too when its second pilot led a move
	both := race(true, []string{"Ana", "Bea", "Cy", "Dan"}, grid, map[string]int{"Ana": 3, "Bea": 1})
	tb = team.Book(nil, []Result{both}, nil, DefaultScale)
	assert.Equal(t, 20*Point, account(t, tb, "Red").Balance, "19 and Bea's move in the lead")
	assert.Equal(t, 7*Point, account(t, tb, "Blue").Balance, "no Blue car led: 3rd 2, other finisher 1, 4 laps")
	ties := race(true, []string{"Ana", "Bea", "Cy", "Dan"}, grid, map[string]int{"Ana": 2, "Cy": 2})
	assert.Zero(t, EventFacts(ties, DefaultScale, true)["Blue"][FactLedOther], "a car tied for the most is not another")
}

// 23-A(a1): a permanent pilot point per 30 championship points, +1 at
// most twice a race, never consumed.
func TestLedger23AA1Permanent(t *testing.T) {
	s, err := Schemes23A("a1")
	require.NoError(t, err)
	res := race(false, []string{"Ana", "Bea"}, nil, nil)
	book := s[0].Book(map[string]Milli{"Ana": 85 * Point}, []Result{res}, []Spent{{Round: 0, Holder: "Ana", Uses: 2}}, DefaultScale)
	ana := account(t, book, "Ana")
	assert.Equal(t, 2, ana.Entries[0].Usable, "floor(85/30) = 2 uses")
	assert.Equal(t, 95*Point, ana.Balance, "the uses cost nothing; 10 points earned")
	assert.Equal(t, 2, ana.Next)
	assert.True(t, s[0].PlusOnly, "(a1) \"uses of +1 on a move\": never -1")
	for _, letter := range []string{"a2", "b", "c", "d", "e"} {
		other, err := Schemes23A(letter)
		require.NoError(t, err)
		assert.False(t, other[0].PlusOnly, "23-A(%s) is ±1", letter)
	}
}

// 23-A(h): a whole point is spent at the next event whether or not the
// pilot asks.
func TestLedger23AHAutomatic(t *testing.T) {
	s, err := Schemes23A("h")
	require.NoError(t, err)
	res := race(false, []string{"Ana", "Bea", "Cy"}, nil, nil)
	book := s[0].Book(map[string]Milli{"Bea": 1200}, []Result{res}, nil, DefaultScale)
	bea := account(t, book, "Bea")
	assert.Equal(t, 1, bea.Entries[0].Spent, "spent without asking")
	assert.Equal(t, Milli(200+300), bea.Balance)
}

// 23-B(a) counts team wins: 3 give a permanent build point; 23-B(b) pays
// a one-two 0.5+0.2+0.3 = 1 whole point; excluded cars earn nothing.
func TestLedger23BTeams(t *testing.T) {
	a, err := Schemes23B("a")
	require.NoError(t, err)
	oneTwo := race(true, []string{"Ana", "Bea", "Cy", "Dan"}, map[string]int{"Ana": 1, "Bea": 2}, nil)
	book := a[0].Book(nil, []Result{oneTwo, oneTwo, oneTwo}, nil, DefaultScale)
	red := account(t, book, "Red")
	assert.Equal(t, []int{0, 0, 0}, []int{red.Entries[0].Usable, red.Entries[1].Usable, red.Entries[2].Usable})
	assert.Equal(t, 1, red.Next, "3 wins: one build point from the next race on")

	b, err := Schemes23B("b")
	require.NoError(t, err)
	book = b[0].Book(nil, []Result{oneTwo}, nil, DefaultScale)
	assert.Equal(t, Point+tenths(1), account(t, book, "Red").Balance, "win, 2nd, one-two and front row")
	assert.Equal(t, tenths(1), account(t, book, "Blue").Balance)

	excluded := oneTwo
	excluded.Cars = append([]Car(nil), oneTwo.Cars...)
	excluded.Cars[0].Status, excluded.Cars[0].Place = Excluded, 0
	book = b[0].Book(nil, []Result{excluded}, nil, DefaultScale)
	assert.Equal(t, tenths(2), account(t, book, "Red").Balance, "the black-flagged winner earns nothing; Bea's 2nd still pays")

	// 23-B(b)'s separate token: every 5 career wins one build point,
	// carried over, consumed when spent
	require.Len(t, b, 2)
	wins := b[1]
	book = wins.Book(map[string]Milli{"Red": 4 * Point}, []Result{oneTwo}, nil, DefaultScale)
	red = account(t, book, "Red")
	assert.Equal(t, 5*Point, red.Balance, "4 wins carried over and this one")
	assert.Equal(t, 1, red.Next, "5 wins: a token for the next race")
	assert.Zero(t, account(t, book, "Blue").Next)
	book = wins.Book(map[string]Milli{"Red": 5 * Point}, []Result{oneTwo}, []Spent{{Round: 0, Holder: "Red", Uses: 1}}, DefaultScale)
	assert.Equal(t, Point, account(t, book, "Red").Balance, "the token spends 5 wins; this race's win counts toward the next")
	assert.Equal(t, map[string]Milli{"Red": Point}, wins.Closing(book), "career wins carry over")

	_, err = Schemes23B("z")
	assert.ErrorContains(t, err, "no scheme")
}

// 23-B(b)'s build points are spent at the next event as soon as the
// balance allows, one a car the team races there (23-B "never two points
// on the same car"): 2.1 with two cars spends 2 and keeps 0.1, with one
// car spends 1 and keeps 1.1 (each plus Ana's 3rd, 0.1).
func TestLedger23BBuildPointsOneACar(t *testing.T) {
	b, err := Schemes23B("b")
	require.NoError(t, err)
	both := race(false, []string{"Cy", "Dan", "Ana", "Bea"}, nil, nil)
	book := b[0].Book(map[string]Milli{"Red": 2100}, []Result{both}, nil, DefaultScale)
	red := account(t, book, "Red")
	assert.Equal(t, 2, red.Entries[0].Spent)
	assert.Equal(t, tenths(2), red.Balance, "2.1 − 2 + 0.1 for Ana's 3rd")

	alone := race(false, []string{"Cy", "Dan", "Ana"}, nil, nil)
	book = b[0].Book(map[string]Milli{"Red": 2100}, []Result{alone}, nil, DefaultScale)
	red = account(t, book, "Red")
	assert.Equal(t, 1, red.Entries[0].Spent, "one car: one point")
	assert.Equal(t, Point+tenths(2), red.Balance, "2.1 − 1 + 0.1 for Ana's 3rd")
}

// Qualifying earnings credited before the race (GridCredit): under
// 23-A(c) a pilot at 0.9 who takes pole (0.1) may spend a whole point in
// that race, and 23-A(i)'s pole (1) brings 9 to a spend; 23-B(b)'s front
// row and 23-A(b)'s pole (the spec silent, or "usable in the next race")
// reach the balance with the race, for the next event.
func TestLedgerQualifyingCreditedBeforeTheRace(t *testing.T) {
	grid := map[string]int{"Ana": 1, "Bea": 2, "Cy": 3, "Dan": 4}
	third := race(true, []string{"Cy", "Dan", "Ana", "Bea"}, grid, nil) // Ana on pole, 3rd
	c, err := Schemes23A("c")
	require.NoError(t, err)
	book := c[0].Book(map[string]Milli{"Ana": 900}, []Result{third}, []Spent{{Round: 0, Holder: "Ana", Uses: 1}}, DefaultScale)
	ana := account(t, book, "Ana")
	assert.Equal(t, 1, ana.Entries[0].Usable, "0.9 + the pole's 0.1 before the race: one point")
	assert.Equal(t, Milli(100), ana.Balance, "1.0 − 1 spent + 0.1 for 3rd")
	assert.Equal(t, Milli(200), ana.Entries[0].Earned, "the pole and the 3rd place, both this event's")
	assert.Equal(t, 1, c[0].UsableFromGrid(900), "pole, 2nd or 3rd: only the pole pays 0.1")
	assert.Equal(t, 0, c[0].UsableFromGrid(800))
	assert.Equal(t, 0, c[0].UsableFromGrid(1900), "a point already open: one a race")

	i, err := Schemes23A("i")
	require.NoError(t, err)
	book = i[0].Book(map[string]Milli{"Ana": 9 * Point}, []Result{third}, nil, DefaultScale)
	assert.Equal(t, 1, account(t, book, "Ana").Entries[0].Usable, "9 + the pole's 1: a spend in the race")
	assert.Equal(t, 1, i[0].UsableFromGrid(9*Point))

	b, err := Schemes23A("b")
	require.NoError(t, err)
	book = b[0].Book(map[string]Milli{"Ana": 800}, []Result{third}, nil, DefaultScale)
	assert.Equal(t, 0, account(t, book, "Ana").Entries[0].Usable, "(b): the pole's 0.3 with the race")
	assert.Equal(t, 1, account(t, book, "Ana").Next, "and usable at the next event")
	assert.Equal(t, 0, b[0].UsableFromGrid(800))

	tb, err := Schemes23B("b")
	require.NoError(t, err)
	red := map[string]Milli{"Red": 900}
	front := race(true, []string{"Cy", "Dan", "Ana", "Bea"}, grid, nil) // Red's Ana and Bea 1-2 on the grid
	book = tb[0].Book(red, []Result{front}, nil, DefaultScale)
	assert.Equal(t, 0, account(t, book, "Red").Entries[0].Usable, "23-B(b): the front row's 0.1 is held to the next race")
	assert.Equal(t, 1, account(t, book, "Red").Next)
}
