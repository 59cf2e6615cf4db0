package league

import (
	"fmt"
	"slices"
	"strings"
)

// The experience ledgers of league-variants.md ch. 23 (23-A, 23-B, 23-C):
// one generic ledger — what a result earns, what a spend costs, how many
// spends a race allows, a cap, whether a spend consumes points, whether
// the balance carries over to the next season — and each scheme of the
// chapter as data (ledger_schemes.go).

// Milli is a ledger amount in thousandths of a point: 23-A(d)'s 0.075 is
// 75, 23-A(i)'s 10 Super Pilot points 10000. Whole thousandths add up
// exactly where tenths in floating point would not (0.1+0.2).
type Milli int64

// Point is one whole point.
const Point Milli = 1000

// String writes an amount as a reader expects it: "1.8", "0.075", "18".
func (m Milli) String() string {
	sign := ""
	if m < 0 {
		sign, m = "-", -m
	}
	s := fmt.Sprintf("%s%d.%03d", sign, m/Point, m%Point)
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}

// Fact is something a car (or a team) did at one event that a scheme
// pays for.
type Fact string

// The facts the schemes of ch. 23 pay for. "Turns led" are game turns in
// the lead (AMB-48, 23-A(a2) [DEC]).
const (
	FactWin    Fact = "win"    // classified 1st
	FactSecond Fact = "second" // classified 2nd
	FactThird  Fact = "third"
	FactFourth Fact = "fourth"
	FactFifth  Fact = "fifth"
	FactSixth  Fact = "sixth"
	// FactPole, FactGrid2, FactGrid3: the place on a grid that came from
	// qualifying (Result.Qualified): a grid by formula earns nothing.
	FactPole  Fact = "pole"
	FactGrid2 Fact = "grid2"
	FactGrid3 Fact = "grid3"
	// FactMostLed: the most game turns in the lead of the event (ties:
	// each); for a team, its cars' turns led summed (23-A(e) "sum of both
	// pilots").
	FactMostLed Fact = "most-led"
	// FactLed4: at least 4 game turns led (23-A(d)); FactLedOther: a car
	// that led at least one, not the most of any car (23-A(i)): its
	// pilot's, and for a team one for each such car.
	FactLed4     Fact = "led-4"
	FactLedOther Fact = "led-other"
	// FactOtherFinisher: saw the flag outside the podium (23-A(i) team).
	FactOtherFinisher Fact = "other-finisher"
	// FactLap: each lap completed (23-A(i) team, AMB-49): paid per lap.
	FactLap Fact = "lap"
	// FactStart: took part (23-A(i) "each GP", AMB-49).
	FactStart Fact = "start"
	// FactPoints: each championship point scored (23-A(a1), (a2)).
	FactPoints Fact = "points"
	// FactHalfPoints: each half point scored in a race that paid half
	// points (21-B's last lap); it earns half of what FactPoints earns.
	FactHalfPoints Fact = "half-points"
	// Team facts: its cars 1st and 2nd (FactOneTwo), 1st and 2nd on a
	// qualified grid (FactFrontRow).
	FactOneTwo   Fact = "one-two"
	FactFrontRow Fact = "front-row"
)

// Award is what one occurrence of a fact earns.
type Award struct {
	Fact   Fact
	Amount Milli
}

// Use is what a spent point buys in the race (§0.4 step 4 for the
// modifiers).
type Use string

// The uses of ch. 23.
const (
	UseMove       Use = "move"         // ±1 square on one move (23-A, 23-C)
	UseReroll     Use = "reroll"       // reroll the movement die (23-A(g)), never the black die
	UseMoveOrTest Use = "move-or-test" // ±1 square, or refuse one black-die test (23-A(d))
	UseBuild      Use = "build"        // +1 build point on a car for a race (23-A(h), 23-B(a)(b))
	UseQuickStop  Use = "quick-stop"   // quick stops succeed one higher per whole point (23-B(c))
	// UseSeasonBoost: +1 on one move, once, any race of the season, the
	// token lost at the season's end (23-A(c)'s boost tokens).
	UseSeasonBoost Use = "season-boost"
)

// Scheme is one ledger's rules.
type Scheme struct {
	ID string // "23-A(c)"
	// Team: the ledger is a team's, earned by its cars (23-B, 23-A(e)(i)
	// team side); otherwise a pilot's.
	Team   bool
	Awards []Award
	// Unit is what one spend costs (1 point; 30 for 23-A(a2); 10 for
	// 23-A(i)); the balance is spent only in whole units (1.8 ⇒ one
	// spend, 0.8 kept).
	Unit Milli
	// PerRace bounds the spends of one event (for a team: one per car,
	// two cars).
	PerRace int
	// Cap bounds the balance (0: none): an earning is clipped to it, and at
	// the cap nothing more is earned until a spend (23-A(i)).
	Cap Milli
	// Permanent: a spend does not consume the points (23-A(a1), 23-B(a),
	// (c)): the balance gives uses each race.
	Permanent bool
	// Automatic: a whole unit is spent at the next event whether the
	// player wants or not (23-A(h)), one a car of the holder's there (the
	// league gives the build points, 23-B(a)(b), as soon as they are
	// usable).
	Automatic bool
	// Carry: the balance at the end of a season opens the next one.
	Carry bool
	Use   Use
	// PlusOnly: a spend adds a square and never takes one away (23-A(a1)
	// "uses of +1 on a move"); otherwise a move is ±1.
	PlusOnly bool
	// GridCredit: what the qualified grid earns (pole, 2nd, 3rd, front
	// row) is credited at GRID, before the race's spends, so the race may
	// spend it (23-A(c) "credited at GRID, before the race", 23-A(i)
	// "credited before the race"); otherwise with the race's earnings,
	// for the next event.
	GridCredit bool
}

// gridFacts are what a qualified grid earns (EventFacts adds them only
// when the grid came from qualifying).
var gridFacts = []Fact{FactPole, FactGrid2, FactGrid3, FactFrontRow}

// splitGrid parts one holder's facts into the grid's and the race's.
func splitGrid(f map[Fact]int) (grid, race map[Fact]int) {
	grid, race = map[Fact]int{}, map[Fact]int{}
	for k, n := range f {
		if slices.Contains(gridFacts, k) {
			grid[k] = n
		} else {
			race[k] = n
		}
	}
	return grid, race
}

// GridEarning is what a start from grid place (1: pole, 2, 3) earns by
// scheme s, credited before the race under GridCredit.
func (s Scheme) GridEarning(place int) Milli {
	if place < 1 || place > 3 {
		return 0
	}
	return s.earned(map[Fact]int{[]Fact{FactPole, FactGrid2, FactGrid3}[place-1]: 1})
}

// UsableFromGrid is the worst grid place (3, 2, 1) whose earning, credited
// before the race (GridCredit), opens one spend more than balance does at
// that race; 0 when none does or the race's spends are already at their
// bound.
func (s Scheme) UsableFromGrid(balance Milli) int {
	base := s.Usable(balance)
	if !s.GridCredit || s.PerRace > 0 && base >= s.PerRace {
		return 0
	}
	for place := 3; place >= 1; place-- {
		if s.Usable(s.credit(balance, s.GridEarning(place))) > base {
			return place
		}
	}
	return 0
}

// Earned is what one holder earns at one event by scheme s.
func (s Scheme) earned(f map[Fact]int) Milli {
	var total Milli
	for _, a := range s.Awards {
		total += Milli(f[a.Fact]) * a.Amount
		if a.Fact == FactPoints { // 21-B: a half point earns half a point's award
			total += Milli(f[FactHalfPoints]) * a.Amount / 2
		}
	}
	return total
}

// Usable is how many spends the balance allows at one event.
func (s Scheme) Usable(balance Milli) int {
	if s.Unit <= 0 || balance < s.Unit {
		return 0
	}
	n := int(balance / s.Unit)
	if s.PerRace > 0 {
		n = min(n, s.PerRace)
	}
	return n
}

// credit adds an earning under the cap.
func (s Scheme) credit(balance, earned Milli) Milli {
	if s.Cap > 0 && balance+earned > s.Cap {
		return max(balance, s.Cap) // clipped; at the cap nothing more
	}
	return balance + earned
}

// Spent is what a holder spent at one event (read from its race's
// record by the league's keeper).
type Spent struct {
	Round  int    // event index, from 0
	Holder string // pilot, or team for a team ledger
	Uses   int
}

// Entry is one event's line of a holder's ledger.
type Entry struct {
	Round  int   `json:"round"`
	Usable int   `json:"usable"` // spends the balance allowed at this event
	Spent  int   `json:"spent"`  // spends taken (automatic ones included)
	Earned Milli `json:"earned"`
	// Balance after the event: opening − spends × unit (unless permanent)
	// + earnings (capped).
	Balance Milli `json:"balance"`
}

// Account is one holder's ledger over a season.
type Account struct {
	Holder  string  `json:"holder"`
	Opening Milli   `json:"opening"` // carried over from the season before
	Entries []Entry `json:"entries"`
	Balance Milli   `json:"balance"`
	// Next is how many spends the balance allows at the next event.
	Next int `json:"next"`
}

// Book runs scheme s over a season's results: opening balances (carried
// over, by holder), spends read from each race, earnings after each
// event. A spend beyond what the balance allowed is refused by the race
// (the game got Usable); here it is clipped, so a book never goes below
// zero. An automatic spend is read from spent as well when spent is not
// nil (the league's record of the build points each game was given, one
// check over every ledger); nil spends one a car of the holder's. Accounts are sorted by balance, highest first, then by name.
func (s Scheme) Book(opening map[string]Milli, results []Result, spent []Spent, scale Scale) []Account {
	acc := map[string]*Account{}
	get := func(h string) *Account {
		a, ok := acc[h]
		if !ok {
			a = &Account{Holder: h, Opening: opening[h], Balance: opening[h]}
			acc[h] = a
		}
		return a
	}
	for h := range opening {
		get(h)
	}
	for i, res := range results {
		facts := EventFacts(res, scale, s.Team)
		holders := make([]string, 0, len(facts))
		for h := range facts {
			holders = append(holders, h)
		}
		slices.Sort(holders)
		for _, h := range holders {
			a := get(h)
			e := Entry{Round: i}
			earn := facts[h]
			if s.GridCredit { // 23-A(c), (i): the grid's earning before the race
				grid, race := splitGrid(earn)
				e.Earned = s.earned(grid)
				a.Balance = s.credit(a.Balance, e.Earned)
				earn = race
			}
			e.Usable = s.Usable(a.Balance)
			for _, sp := range spent {
				if sp.Round == i && sp.Holder == h {
					e.Spent += sp.Uses
				}
			}
			if s.Automatic && spent == nil {
				// no record of what was given: one a car of the holder's
				e.Spent = min(e.Usable, carsOf(res, h, s.Team))
			}
			e.Spent = min(e.Spent, e.Usable)
			if !s.Permanent {
				a.Balance -= Milli(e.Spent) * s.Unit
			}
			raceEarned := s.earned(earn)
			e.Earned += raceEarned
			a.Balance = s.credit(a.Balance, raceEarned)
			e.Balance = a.Balance
			a.Entries = append(a.Entries, e)
		}
	}
	out := make([]Account, 0, len(acc))
	for _, a := range acc {
		a.Next = s.Usable(a.Balance)
		out = append(out, *a)
	}
	slices.SortFunc(out, func(a, b Account) int {
		if a.Balance != b.Balance {
			return int(b.Balance - a.Balance)
		}
		return strings.Compare(a.Holder, b.Holder)
	})
	return out
}

// carsOf counts the cars of holder h (a pilot, or with team a team) at
// one event: an automatic spend is one a car (23-B "max +1 per car").
func carsOf(res Result, h string, team bool) int {
	n := 0
	for _, c := range res.Cars {
		if c.Pilot == h && !team || c.Team == h && team {
			n++
		}
	}
	return n
}

// Closing is what a season hands the next: each holder's balance when the
// scheme carries over, nothing otherwise.
func (s Scheme) Closing(book []Account) map[string]Milli {
	out := map[string]Milli{}
	if !s.Carry {
		return out
	}
	for _, a := range book {
		if a.Balance != 0 {
			out[a.Holder] = a.Balance
		}
	}
	return out
}

// EventFacts lists what each pilot (or, with team, each team) did at one
// event, as counts of facts. Excluded cars (7-A) earn nothing. A pilot
// without a team earns no team facts.
func EventFacts(res Result, scale Scale, team bool) map[string]map[Fact]int {
	out := map[string]map[Fact]int{}
	add := func(h string, f Fact, n int) {
		if h == "" || n == 0 {
			return
		}
		if out[h] == nil {
			out[h] = map[Fact]int{}
		}
		out[h][f] += n
	}
	holder := func(c Car) string {
		if team {
			return c.Team
		}
		return c.Pilot
	}
	places := []Fact{FactWin, FactSecond, FactThird, FactFourth, FactFifth, FactSixth}
	grid := []Fact{FactPole, FactGrid2, FactGrid3}
	most := 0
	led := map[string]int{}
	carMost := 0 // the most turns one car led: "any other pilot" is below it
	for _, c := range res.Cars {
		if c.Status != Excluded {
			led[holder(c)] += c.TurnsLed
			carMost = max(carMost, c.TurnsLed)
		}
	}
	for h, n := range led {
		if h != "" {
			most = max(most, n)
		}
	}
	first, second := map[string]bool{}, map[string]bool{}
	pole, row2 := map[string]bool{}, map[string]bool{}
	for _, c := range res.Cars {
		h := holder(c)
		if h == "" {
			continue
		}
		if out[h] == nil {
			out[h] = map[Fact]int{} // took part: a line in the book
		}
		if c.Status == Excluded {
			continue
		}
		add(h, FactStart, 1)
		add(h, FactLap, c.Laps)
		if res.HalfPoints { // 21-B: the scale's points paid as halves
			add(h, FactHalfPoints, scale.Points(c.Place))
		} else {
			add(h, FactPoints, scale.Points(c.Place))
		}
		if c.Place >= 1 && c.Place <= len(places) {
			add(h, places[c.Place-1], 1)
		}
		if res.Qualified && c.Grid >= 1 && c.Grid <= len(grid) {
			add(h, grid[c.Grid-1], 1)
		}
		if c.Status == Finished && c.Place > 3 {
			add(h, FactOtherFinisher, 1)
		}
		if c.TurnsLed >= 4 {
			add(h, FactLed4, 1)
		}
		// 23-A(i) "any other pilot with at least one move in the lead":
		// 1 to the pilot and 1 to his team, each car once
		if c.TurnsLed > 0 && c.TurnsLed < carMost {
			add(h, FactLedOther, 1)
		}
		first[h] = first[h] || c.Place == 1
		second[h] = second[h] || c.Place == 2
		pole[h] = pole[h] || (res.Qualified && c.Grid == 1)
		row2[h] = row2[h] || (res.Qualified && c.Grid == 2)
	}
	for h, n := range led {
		if h != "" && n > 0 && n == most {
			add(h, FactMostLed, 1)
		}
	}
	for h := range out {
		if first[h] && second[h] {
			add(h, FactOneTwo, 1)
		}
		if pole[h] && row2[h] {
			add(h, FactFrontRow, 1)
		}
	}
	return out
}
