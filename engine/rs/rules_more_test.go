package rs

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/rs/decks"
)

// newStdWeather is a standard race with the quick start and the weather
// option: the race-weather roll (blue 5, D100 55) comes before the start
// dice.
func newStdWeather(t *testing.T, later ...int) (*Game, *script) {
	t.Helper()
	return newStdCfg(t, Config{Mode: Standard, Seats: 2, QuickStart: true, Weather: true}, scCircuit(), []int{5, 5, 5, 1, 1, 1}, later...)
}

// rollsFor lists the dice rolled from event from on, for purpose, as
// "die=value".
func rollsFor(g *Game, from int, purpose string) []string {
	var out []string
	for _, e := range g.Events[from:] {
		if e.Kind == "roll" && e.Get("for") == purpose {
			out = append(out, e.Get("die")+"="+e.Get("value"))
		}
	}
	return out
}

// R-PRE-01, R-EOT-04, R-DICE-01: the turn marker starts on 1 and moves on
// by one each turn; a turn rolls blue, white and red once, and every step
// reads that roll: the file moves by its highest die, and the risk and the
// weather of the turn roll nothing more.
func TestOneRollATurnAndTheTurnMarker(t *testing.T) {
	g, src := newStdWeather(t, 3, 8, 7, 2, 6, 4)
	if g.Turn != 1 {
		t.Fatalf("the race starts on turn %d", g.Turn)
	}
	for turn, want := range [][]string{{"blue=3", "white=8", "red=7"}, {"blue=2", "white=6", "red=4"}} {
		from := len(g.Events)
		card := []string{"296", "297"}[turn]
		submitAll(t, g, src, card+"+risk", card+"+risk")
		if got := rollsFor(g, from, "turn"); !slices.Equal(got, want) {
			t.Fatalf("turn %d rolled %v, want %v", turn+1, got, want)
		}
		var rolls int
		for _, e := range g.Events[from:] {
			if e.Kind == "roll" {
				rolls++
			}
		}
		if rolls != 3 {
			t.Fatalf("turn %d: %d dice rolled, want the one roll of three", turn+1, rolls)
		}
		if m := eventsOf(g, from, "move"); m != "move by="+map[int]string{0: "8", 1: "6"}[turn] {
			t.Fatalf("turn %d: %s", turn+1, m)
		}
		if g.Turn != turn+2 {
			t.Fatalf("after turn %d the marker is on %d", turn+1, g.Turn)
		}
	}
}

// hasOption says whether seat may order key now.
func hasOption(g *Game, seat int, key string) bool {
	for _, o := range g.Options(seat) {
		if o.Key == key {
			return true
		}
	}
	return false
}

// R-ORD-04, R-EOT-01, R-MODE-02, R-ADV-03, R-ADV-04: in a standard game
// with no optional rule, Tapez and Economise are on; the speed card
// played is spent, while the risk, Tapez and Economise cards come back to
// hand at the end of the turn, so the seats may play them again at once.
func TestPlayedCardSpentTheOthersComeBack(t *testing.T) {
	g, src := newStd(t, 2, scCircuit(), []int{1, 1, 1}, 3, 8, 7, 2, 6, 4)
	if !slices.Equal(g.Cfg.Optional(), []string{OptQuickStart}) {
		t.Fatalf("optional rules %v", g.Cfg.Optional())
	}
	submitAll(t, g, src, "296+risk+tapez", "296+economise")
	for s, seat := range g.Seats {
		if slices.Contains(seat.Hand, 296) || !slices.Equal(seat.Played, []int{296}) {
			t.Fatalf("seat %d: hand %v, played %v", s+1, seat.Hand, seat.Played)
		}
	}
	if g.car(g.Seats[0].Car).Slow != 0 {
		t.Fatal("the scripted risk damaged the car: the test needs other dice")
	}
	for _, want := range []struct {
		seat int
		key  string
	}{{0, "297+risk+tapez"}, {1, "297+economise"}, {0, "297+risk"}} {
		if !hasOption(g, want.seat, want.key) {
			t.Fatalf("turn 2: seat %d may not order %s", want.seat+1, want.key)
		}
	}
	submitAll(t, g, src, "297+risk+tapez", "297+economise")
	if g.Turn != 3 {
		t.Fatalf("turn %d", g.Turn)
	}
}

// R-SPD-05: the risk bonus counts in the speed, never in the drop-back:
// two races alike but for seat 1's risk card, new slicks at humidity 6,
// drop the same cars by the same squares at step 1, with speeds 2 apart.
func TestRiskNeverCountsTowardsDropBack(t *testing.T) {
	run := func(key string) (drops, play string) {
		g, src := newStdWeather(t, 3, 8, 7)
		g.Race.Hum = 6 // new slicks on a wet track lose speed and squares
		g.Std.Tyres[0], g.Std.Piles[0] = Soft, NewPile(Soft, StandardPiles[Soft])
		from := len(g.Events)
		submitAll(t, g, src, key, "296")
		return eventsOf(g, from, "drop"), eventsOf(g, from, "play")
	}
	plainDrops, plainPlay := run("296")
	riskDrops, riskPlay := run("296+risk")
	if plainDrops == "" || !strings.Contains(plainDrops, "cause=tyres") {
		t.Fatalf("worn tyres dropped nothing: %q", plainDrops)
	}
	if linesWith(riskDrops, "cause=tyres") != linesWith(plainDrops, "cause=tyres") {
		t.Fatalf("risk changed the drop-back:\n%s\n---\n%s", riskDrops, plainDrops)
	}
	speed := func(play string) int {
		e, err := ParseEvent(strings.Split(play, "\n")[0])
		if err != nil {
			t.Fatal(err)
		}
		v, err := strconv.Atoi(e.Get("speed"))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if speed(riskPlay)-speed(plainPlay) != 2 {
		t.Fatalf("risk play %q, plain %q", riskPlay, plainPlay)
	}
}

// linesWith keeps the lines of text that contain sub.
func linesWith(text, sub string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// R-LAP-04: a lapped car directly behind the leader may pass it back and
// so unlap itself, on the normal threshold.
func TestLappedCarUnlapsItself(t *testing.T) {
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1})
	// the leader (car 3) on square 21, the red car a lap down on square
	// 20, directly behind it round the loop
	place(g, map[int]int{3: 101, 4: 90, 1: 42, 2: 20})
	if g.lapsDown(g.leaderDist(), g.car(2)) != 1 {
		t.Fatal("the red car should start a lap down")
	}
	for id, v := range map[int]int{3: 293, 4: 293, 1: 293, 2: 300} {
		g.car(id).speed = v
	}
	g.compare()
	if !strings.Contains(eventsOf(g, 0, "pass"), "pass car=2 over=3") {
		t.Fatalf("events %s, file %s", eventsOf(g, 0, "pass", "lapped"), fileText(g))
	}
	if g.lapsDown(g.leaderDist(), g.car(2)) != 0 {
		t.Fatalf("the red car is still a lap down: %s", fileText(g))
	}
}

// R-LAP-05, AMB-19: movement is a rigid translation: a lapped car in the
// file keeps its place and its gaps when the file moves.
func TestMovementKeepsALappedCarsPlace(t *testing.T) {
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1})
	place(g, map[int]int{3: 110, 1: 107, 2: 106, 4: 20}) // car 4 is 90 behind: a lap down
	before, lapped := fileText(g), g.lapsDown(g.leaderDist(), g.car(4))
	src := scripted([]int{2, 9, 3})
	if _, err := g.Submit(order(0, 293, false), src); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Submit(order(1, 293, false), src); err != nil {
		t.Fatal(err)
	}
	if eventsOf(g, 0, "pass") != "" {
		t.Fatalf("a pass: %s", eventsOf(g, 0, "pass"))
	}
	want := strings.NewReplacer("3@110", "3@119", "1@107", "1@116", "2@106", "2@115", "4@20", "4@29").Replace(before)
	if got := fileText(g); got != want || lapped != 1 || g.lapsDown(g.leaderDist(), g.car(4)) != 1 {
		t.Fatalf("file %s → %s, want %s", before, got, want)
	}
}

// R-CMP-09: the speeds compared are the totals: seat 1's 296 on new
// soft tyres (+2, 298) passes seat 2's 297 on new hard ones (297) though
// its card is lower.
func TestComparedSpeedsAreTotals(t *testing.T) {
	g, src := newStd(t, 2, scCircuit(), []int{1, 1, 1}, 3, 8, 7)
	a, b := g.car(g.Seats[0].Car), g.car(g.Seats[1].Car)
	for i, c := range g.Cars { // the others far behind, 3 squares apart
		c.Dist = 100 - 3*i
	}
	a.Dist, b.Dist = 199, 200
	g.Std.Tyres[0], g.Std.Piles[0] = Soft, NewPile(Soft, StandardPiles[Soft])
	g.Std.Tyres[1], g.Std.Piles[1] = Hard, NewPile(Hard, StandardPiles[Hard])
	submitAll(t, g, src, "296", "297")
	want := "pass car=" + strconv.Itoa(a.ID) + " over=" + strconv.Itoa(b.ID) + " speed=298 against=297"
	if !strings.Contains(eventsOf(g, 0, "pass"), want) {
		t.Fatalf("want %q in\n%s", want, eventsOf(g, 0, "play", "pass"))
	}
}

// R-TRN-01: a green-flag turn runs its steps in the order of the
// table: step 1's drop-back for damage before the orders are
// revealed (step 2), the system cars' cards (3), Tapez (4), the system
// cars' speeds (5), the comparisons (6), the dice (7), the move (8), the
// tyres (9), and the end of the turn (13–16) last.
func TestGreenTurnStepOrder(t *testing.T) {
	g, src := newStd(t, 2, scCircuit(), []int{1, 1, 1}, 3, 8, 7)
	g.car(g.Seats[0].Car).Slow = 2 // two damage cards on soft tyres: step 1 drops seat 1's car 2, Tapez brings it back
	from := len(g.Events)
	submitAll(t, g, src, "300+tapez", "296")
	got := strings.Join(kinds(g.Events[from:]), " ")
	want := "order sealed order sealed reveal drop play system-cards advance tyre-card system-speed pass roll move wear turn"
	if got != want {
		t.Fatalf("turn sequence\n got %s\nwant %s", got, want)
	}
}

// R-PEN-02: a stop-and-go is a drive-through plus the squares printed on
// the card (the circuit's 7 + 5 here).
func TestStopAndGo(t *testing.T) {
	g := stdGame(t)
	place(g, map[int]int{1: 50, 2: 49, 3: 48, 4: 47, 5: 46})
	ed := &EventDecks{Dry: []decks.Card{card("stop-go-5")}}
	// the random-car shuffle over the file (1,2,3,4,5): perm [1,…] picks car 2
	if err := g.turnEvent(ed, 0, 0, scripted(nil, []int{1, 0, 2, 3, 4})); err != nil {
		t.Fatal(err)
	}
	if got := eventsOf(g, 0, "drop"); got != "drop car=2 by=12 from=49 to=37 cause=stop-and-go" {
		t.Fatalf("%s (file %s)", got, fileText(g))
	}
}

// R-ADV-06, R-VSJ-01: the system cars' deck never runs short: when it is
// empty its discards are shuffled (an event of the record) into a new deck.
func TestSystemDeckReshuffledWhenEmpty(t *testing.T) {
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1})
	g.Green, g.GreenDiscard = nil, []int{293, 300, 297}
	from := len(g.Events)
	v, err := g.drawGreen(scripted(nil, []int{2, 0, 1}))
	if err != nil {
		t.Fatal(err)
	}
	if v != 297 || !slices.Equal(g.Green, []int{293, 300}) || len(g.GreenDiscard) != 0 {
		t.Fatalf("drew %d, deck %v, discards %v", v, g.Green, g.GreenDiscard)
	}
	if !strings.Contains(eventsOf(g, from, "shuffle"), "for=deck-green") {
		t.Fatalf("no shuffle event: %s", eventsOf(g, from, "shuffle"))
	}
}

// R-SC-11: a drive-through due under the safety car is served at the end
// of the restart turn, after the move, not in the safety-car turn.
func TestDriveThroughUnderTheSafetyCarServedAtTheRestart(t *testing.T) {
	g, src := newStd(t, 2, scCircuit(), []int{1, 1, 1}, 9, 9, 3)
	g.Race.Phase, g.Race.SC = PhaseSC, 0
	g.lineUp()
	g.Race.Due = map[int]int{1: 7}
	submitAll(t, g, src, "stay", "stay")
	if eventsOf(g, 0, "drop") != "" || !g.Race.Restart {
		t.Fatalf("under the safety car: %s, restart %v", eventsOf(g, 0, "drop"), g.Race.Restart)
	}
	from := len(g.Events)
	submitAll(t, g, src, "300", "293")
	seq := strings.Join(kinds(g.Events[from:]), " ")
	if !strings.Contains(eventsOf(g, from, "drop"), "drop car=1 by=7") || !strings.Contains(seq, "move wear drop") {
		t.Fatalf("the restart turn: %s\n%s", seq, eventsOf(g, from, "drop"))
	}
	if len(g.Race.Due) != 0 {
		t.Fatalf("still due: %v", g.Race.Due)
	}
}

// R-WEA-02: a safety-car turn rolls the weather and the humidity twice,
// two rolls of the three dice, each applied in turn.
func TestSafetyCarTurnRollsTheWeatherTwice(t *testing.T) {
	g, src := newStdWeather(t, 5, 0, 2, 3, 0, 0)
	g.Race.Phase, g.Race.SC = PhaseSC, 1
	g.lineUp()
	if g.Race.Weather != Sun || g.Race.Hum != 0 {
		t.Fatalf("the race starts in %s %d", g.Race.Weather, g.Race.Hum)
	}
	from := len(g.Events)
	submitAll(t, g, src, "stay", "stay")
	if r1, r2 := rollsFor(g, from, "weather-1"), rollsFor(g, from, "weather-2"); !slices.Equal(r1, []string{"blue=5", "white=0", "red=2"}) || !slices.Equal(r2, []string{"blue=3", "white=0", "red=0"}) {
		t.Fatalf("weather rolls %v %v", r1, r2)
	}
	// sun → cloudy on the first roll, cloudy → rain and humidity 3 on the
	// second: a single roll would have left the track dry
	if got := eventsOf(g, from, "weather"); got != "weather state=cloudy humidity=0\nweather state=rain humidity=3" {
		t.Fatalf("weather events %q", got)
	}
	if g.Race.Weather != RainW || g.Race.Hum != 3 {
		t.Fatalf("weather %s %d", g.Race.Weather, g.Race.Hum)
	}
}

// R-ROLL-02, R-ROLL-03, R-ROLL-07: a heavy-rain start is rolling: after
// qualifying the pole sitter stands on the start square and the others
// directly behind in grid order, no gaps; the orders are sealed before
// the dice that set the turn's threshold are rolled; after the
// comparisons the turn runs as any other (move, tyre wear, the end of
// the turn).
func TestRollingStartTurn(t *testing.T) {
	// race weather: blue 5, D100 02 → heavy rain; qualifying reads 5s
	ds := []int{5, 0, 2}
	for range 40 {
		ds = append(ds, 5)
	}
	src := scripted(ds)
	g, err := NewGame("t", Config{Mode: Standard, Seats: 2, Weather: true}, testCircuit(nil), src)
	if err != nil {
		t.Fatal(err)
	}
	for g.Race.Phase == PhaseQuali {
		submitAll(t, g, src, "careful", "careful")
	}
	if !g.Race.Restart || g.Race.Phase != PhaseRace || len(g.Race.Quali.PitLane) != 0 {
		t.Fatalf("phase %s, rolling %v, pit lane %v", g.Race.Phase, g.Race.Restart, g.Race.Quali.PitLane)
	}
	for i, id := range g.Race.Quali.Grid {
		if g.car(id).Dist != g.Circuit.Start-i {
			t.Fatalf("grid place %d (car %d) at %d: %s", i+1, id, g.car(id).Dist, fileText(g))
		}
	}
	src.Scripted = scripted([]int{4, 6, 2}).Scripted
	from := len(g.Events)
	submitAll(t, g, src, "296", "297")
	seq := strings.Join(kinds(g.Events[from:]), " ")
	if !strings.HasPrefix(seq, "order sealed order sealed reveal play") || !strings.Contains(seq, "roll rolling") || !strings.Contains(seq, "move wear") || !strings.HasSuffix(seq, "turn") {
		t.Fatalf("the rolling turn: %s", seq)
	}
	if strings.Index(seq, "sealed reveal") > strings.Index(seq, "rolling") || eventsOf(g, from, "rolling") != "rolling need=2" {
		t.Fatalf("the threshold before the orders: %s", seq)
	}
	if g.Race.Restart || g.Turn != 2 {
		t.Fatalf("after the rolling turn: restart %v, turn %d", g.Race.Restart, g.Turn)
	}
}

// R-VSJ-05: a system car totals its speed like a player and can win: a
// system car first at the flag is classified first.
func TestSystemCarCanWin(t *testing.T) {
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1})
	g.Turn = g.Turns
	place(g, map[int]int{4: 60, 1: 50, 2: 40, 3: 30})
	src := scripted([]int{5, 5, 5})
	for s := range g.Seats {
		if _, err := g.Submit(order(s, g.Seats[s].Hand[0], false), src); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Over || !g.car(4).System() {
		t.Fatalf("over %v", g.Over)
	}
	if got := eventsOf(g, 0, "finish"); !strings.HasPrefix(got, "finish car=4 place=1") {
		t.Fatalf("%s", got)
	}
}

// R-REC-04: worn tyres and a wet track are one drop-back at step 1, of
// the combined modifier, not two.
func TestWornTyresAndWeatherDropBackTogether(t *testing.T) {
	g := stdGame(t)
	g.Std.Owner = map[int]int{}
	worn := TyreCard{Value: -3, Worn: true}
	g.Std.Tyres[0], g.Std.Piles[0] = Soft, []TyreCard{worn, worn}
	for s := 1; s < 3; s++ {
		g.Std.Piles[s] = NewPile(Hard, StandardPiles[Hard])
	}
	place(g, map[int]int{1: 50, 2: 30, 3: 20, 4: 10, 5: 5})
	combined := TW(Soft, worn, 6, true)
	if combined >= -3 || TW(Soft, worn, 6, false) != -3 {
		t.Fatalf("the test needs the weather to add to the wear: %d", combined)
	}
	g.stepOne(6, true)
	want := "drop car=1 by=" + strconv.Itoa(-combined) + " from=50 to=" + strconv.Itoa(50+combined) + " cause=tyres"
	if got := linesWith(eventsOf(g, 0, "drop"), "car=1 "); got != want {
		t.Fatalf("drops of car 1:\n%s\nwant %s", got, want)
	}
}

// R-PRE-07, R-ROLL-02, R-QA-01: the quick method in heavy rain keeps its
// drawn order but there is no grid start for its dice: the leader (the last
// car drawn) stands on the start square, the others directly behind, and
// the first turn is the rolling start.
func TestQuickStartInHeavyRainIsRolling(t *testing.T) {
	ds := []int{5, 0, 2} // race weather: blue 5, D100 02 → heavy rain
	for range 40 {
		ds = append(ds, 5)
	}
	src := scripted(ds)
	g, err := NewGame("t", Config{Mode: Standard, Seats: 2, Weather: true, QuickStart: true}, testCircuit(nil), src)
	if err != nil {
		t.Fatal(err)
	}
	if !RollingStart(g.Race.Weather) || !g.Race.Restart || g.Race.Phase != PhaseRace {
		t.Fatalf("weather %v, rolling %v, phase %s", g.Race.Weather, g.Race.Restart, g.Race.Phase)
	}
	for i, c := range g.File() {
		if c.Dist != g.Circuit.Start-i {
			t.Fatalf("place %d (car %d) at %d, want %d: %s", i+1, c.ID, c.Dist, g.Circuit.Start-i, fileText(g))
		}
	}
	for _, e := range g.Events {
		if e.Kind == "roll" && e.Get("for") == "start" {
			t.Fatalf("a start roll in a rolling start: %v", e)
		}
	}
}
