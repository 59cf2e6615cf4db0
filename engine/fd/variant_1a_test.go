package fd

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// 1-A's order: session 1 by championship place, the unranked after the
// ranked by car number; session 2 in reverse order of session 1's
// results, the slowest first. Asked through the RunningOrder hook of the
// module 1-A's row builds.
func TestVariant1ARunningOrder(t *testing.T) {
	r := variantModule(t, "1-A:championship=2/0/1/0").(RunningOrder)
	assert.Equal(t, []int{3, 1, 2, 4}, r.RunningOrder(1, []int{1, 2, 3, 4}, nil))
	earlier := map[int]QualifyingResult{
		1: {Car: 1, Rolls: 9, Seq: 1}, 2: {Car: 2, Rolls: 11, Seq: 2}, 3: {Car: 3, Rolls: 10, Seq: 3}, 4: {Car: 4, Rolls: 8, Ended: true, Seq: 4},
	}
	assert.Equal(t, []int{4, 2, 3, 1}, r.RunningOrder(2, []int{1, 2, 3, 4}, earlier), "an ended lap is the slowest")

	c := fdrConfig()
	assert.ErrorContains(t, c.EnableVariant("1-A:order=arrival"), "the club's form")
	assert.ErrorContains(t, c.EnableVariant("1-A:championship=x"), "not a place")
}

// sameLaps closes two qualifying laps of equal score, car 2's first, and
// forms the grid. The game starts from a position inside session 1 (as a
// record written there is loaded) where car 2's lap is over, 9 rolls and 5
// spaces past the line, and car 1's is in its 9th play 4 spaces short of
// the line; car 1 then drives it over the line as its player does, to the
// same 9 rolls and 5 past, and the engine numbers its end (seq, fdr AMB-42's
// tie-break, which 1-A's RunningOrder hook changes). Car 2's seq=2 is the
// one 1-A gives the second runner; without 1-A any seq below car 1's says
// its lap ended first.
func sameLaps(t *testing.T, cfg Config) *Game {
	t.Helper()
	c := fdrLab(t)
	g, err := NewGame("order", cfg, c, 2)
	require.NoError(t, err)
	build := fdrDefaultBuild()
	lap := CarPosition{Car: 1, Space: "home.6.1", Gear: 4, Wear: build, Config: build, Pit: 2, Flags: []string{"started", "crossed"}}
	over := QualifyingResult{Car: 2, Session: 1, Rolls: 9, Past: 5, Covered: 40, Seq: 2}
	p := Position{Session: 1, QualiWeather: Fine, SessionWeather: "sun",
		Cars:      []CarPosition{{Car: 1, Wear: build, Config: build}, {Car: 2, Wear: build, Config: build}},
		Laps:      []LapPosition{{Car: lap, Round: 8, Play: 8, Rolls: 8}},
		Qualified: []QualifyingResult{over}}
	require.NoError(t, g.StartFrom(p, dice.NewScripted()))
	h := &harness{t: t, g: g, c: c, mark: len(g.Events)}
	h.submit(Order{Car: 1, Gear: 4, Session: "qualifying"}, 8)
	farthest := h.pending().Options[len(h.pending().Options)-1]
	h.submit(Order{Car: 1, Letter: farthest.Letter, Session: "qualifying"}, 10) // the race weather, rolled for the pole
	var car1 QualifyingResult
	for _, r := range g.QualifyingResults() {
		if r.Car == 1 {
			car1 = r
		}
	}
	require.Equal(t, []int{over.Score(), over.Past, 1}, []int{car1.Score(), car1.Past, car1.Session}, "car 1's lap equals car 2's")
	return g
}

// 1-A through the RunningOrder hook: two equal laps go to the earlier
// completion (fdr AMB-42) without it, to the earlier runner with it —
// here the championship leader, car 1, though car 2 completed first.
func TestVariant1AEqualLapsGoToTheEarlierRunner(t *testing.T) {
	without := sameLaps(t, fdrConfig())
	assert.Equal(t, []int{2, 1}, without.RaceGrid(), "the earlier completion")
	with := sameLaps(t, fdrVariantCfg(t, "1-A:championship=1/2"))
	assert.Equal(t, []int{1, 2}, with.RaceGrid(), "the earlier runner: the championship leader")
}

// Each session says its running order: the championship's, then the
// reverse of session 1's results.
func TestVariant1ATellsTheOrder(t *testing.T) {
	cfg := fdrVariantCfg(t, "1-A:championship=0/1/2")
	cfg.Sessions = 2
	g, _ := fdrCheckedRace(t, cfg, fdrLab(t), "lab", 3, SeedFrom("running order"))
	text := eventsText(g)
	assert.Contains(t, text, "running-order session=1 order=2,3,1")
	assert.Contains(t, text, "running-order session=2 order=")
	plain, _ := fdrCheckedRace(t, fdrConfig(), fdrLab(t), "lab", 3, SeedFrom("running order"))
	assert.NotContains(t, eventsText(plain), "running-order")
}

// 1-A with 1-C (both order the start of a race): a grid by formula has no
// qualifying session, so nothing runs and 1-C's formula alone forms the
// grid; with 1-B's flying start the running order still decides ties.
func TestVariant1AWithTheOtherQualifyingVariants(t *testing.T) {
	g, _ := fdrCheckedRace(t, fdrVariantCfg(t, "1-A:championship=2/1/3", "1-C:last=1/2/3,championship=2/1/3"), fdrLab(t), "lab", 3, SeedFrom("order and formula"))
	assert.NotContains(t, eventsText(g), "running-order")
	assert.Contains(t, eventsText(g), "grid-formula")
	g, _ = fdrCheckedRace(t, fdrVariantCfg(t, "1-A:championship=2/1/3", "1-B"), fdrLab(t), "lab", 3, SeedFrom("order and flying start"))
	assert.Contains(t, eventsText(g), "running-order session=1 order=2,1,3")
}

// 1-A's unranked cars by d20 (mode CHAMPIONSHIP: "pilots with no ranking
// go last, ordered by d20"), through the RunningOrder hook: with
// unranked=d20 each unranked car rolls a recorded d20 as session 1 opens
// and they run after the ranked, the lower d20 first, ties by car
// number; without it (the games recorded before) no die is rolled and
// they run by car number.
func TestVariant1AUnrankedByD20(t *testing.T) {
	r := variantModule(t, "1-A:championship=0/1/0/0,unranked=d20").(drawnRunningOrder)
	assert.Equal(t, []int{1, 3, 4}, r.Draws([]int{1, 2, 3, 4}))
	assert.Equal(t, []int{2, 4, 1, 3}, r.DrawnOrder(1, []int{1, 2, 3, 4}, nil, map[int]int{1: 12, 3: 12, 4: 3}), "4 rolled lowest; 1 and 3 tie, by number")
	assert.Nil(t, variantModule(t, "1-A:championship=0/1").(drawnRunningOrder).Draws([]int{1, 2}))

	cfg := fdrVariantCfg(t, "1-A:championship=0/1/0,unranked=d20")
	g, _ := fdrCheckedRace(t, cfg, fdrLab(t), "lab", 3, SeedFrom("unranked by d20"))
	draws := map[int]int{}
	var order string
	for _, e := range g.Events {
		switch {
		case e.Kind == "roll" && e.Get("for") == "running-order":
			n, _ := e.Int("car")
			draws[n], _ = e.Int("value")
		case e.Kind == "running-order" && e.Get("session") == "1":
			order = e.Get("order")
		}
	}
	require.Len(t, draws, 2, "cars 1 and 3 are unranked and roll")
	want := "2,1,3"
	if draws[3] < draws[1] {
		want = "2,3,1"
	}
	assert.Equal(t, want, order)

	plain, _ := fdrCheckedRace(t, fdrVariantCfg(t, "1-A:championship=0/1/0"), fdrLab(t), "lab", 3, SeedFrom("unranked by d20"))
	assert.NotContains(t, eventsText(plain), "for=running-order")
	assert.Contains(t, eventsText(plain), "running-order session=1 order=2,1,3")
}

// runningOrderFaces scripts the d20s of 1-A's running order (purpose
// running-order), in the order rolled; the rest from rest.
type runningOrderFaces struct {
	faces []int
	rest  dice.Source
}

func (r *runningOrderFaces) Roll(k dice.Key, d dice.Die) (dice.Roll, error) {
	if k.Purpose != "running-order" || len(r.faces) == 0 {
		return r.rest.Roll(k, d)
	}
	v := r.faces[0]
	r.faces = r.faces[1:]
	return dice.Roll{Key: k, Die: d.Name, Index: slices.Index(d.Faces, v), Value: v}, nil
}

// 1-A (hook RunningOrder, unranked=d20, league AMB-04): a position taken
// in qualifying session 1 carries the unranked cars' d20s (order-draws=),
// so a game continued from it runs session 1 in the order told as it
// opened — each lap's completion in its runner's turn (fdr AMB-42), as in
// the uninterrupted game. A position without them (one written before
// order-draws=) runs the unranked by car number.
func TestVariant1ADrawsCarriedByThePosition(t *testing.T) {
	cfg := fdrVariantCfg(t, "1-A:championship=0/1/0/0,unranked=d20")
	seed := SeedFrom("1-A draws in the position")
	source := func() dice.Source { return &runningOrderFaces{faces: []int{15, 3, 9}, rest: dice.NewSeeded(seed)} } // cars 1, 3, 4
	newGame := func() *Game {
		g, err := NewGame("draws", cfg, fdrLab(t), 4)
		require.NoError(t, err)
		return g
	}
	whole, src := newGame(), source()
	require.NoError(t, whole.Start(src))
	autopilotUntil(t, whole, src, whole.inQualifyingSession)
	p, err := whole.PositionExact()
	require.NoError(t, err)
	require.Equal(t, 1, p.Session)
	assert.Equal(t, map[int]int{1: 15, 3: 3, 4: 9}, p.OrderDraws)
	assert.Contains(t, p.Events()[0].String(), "order-draws=1:15,3:3,4:9")

	back, err := ParsePosition(p.Events())
	require.NoError(t, err)
	assert.Equal(t, p, back, "the position reads back whole")

	// session 1's completions: each car's place in the running order
	seqs := func(g *Game) map[int]int {
		out := map[int]int{}
		qs, held := g.qualifyingState()
		require.True(t, held, "an fdr game holds its qualifying state")
		for n, r := range qs.Best {
			out[n] = r.Seq
		}
		return out
	}
	autopilotUntil(t, whole, src, func() bool { return false })
	want := map[int]int{2: 1, 3: 2, 4: 3, 1: 4} // car 2 ranked, then d20s 3, 9, 15
	assert.Equal(t, want, seqs(whole))

	resume := func(p Position) map[int]int {
		g, src := newGame(), dice.NewSeeded(seed)
		require.NoError(t, g.StartFrom(p, src))
		autopilotUntil(t, g, src, func() bool { return false })
		return seqs(g)
	}
	assert.Equal(t, want, resume(back), "continued from the position: the same order")
	back.OrderDraws = nil
	assert.Equal(t, map[int]int{2: 1, 1: 2, 3: 3, 4: 4}, resume(back), "an old position without the d20s: by car number")

	for _, bad := range []string{"1:21", "1:5,1:6", "x", "9:5", "01:5"} {
		lines := p.Events()
		for i, a := range lines[0].Args {
			if a.Key == "order-draws" {
				lines[0].Args[i].Val = bad
			}
		}
		_, err = ParsePosition(lines)
		assert.ErrorContains(t, err, "order-draws", bad)
	}
	p.Session, p.Qualified = 2, nil
	_, err = ParsePosition(p.Events())
	assert.ErrorContains(t, err, "session 1 only")
}
