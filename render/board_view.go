package render

import (
	"sort"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// gameView is what a board shows of a game, read once from the engine's
// exported, read-only API.
type gameView struct {
	// reader is the car of the player the board is drawn for (0: none,
	// fd.GameMaster: the game master, who sees every build under 5-D),
	// as BoardOptions.Reader names it; readsBuild and the options' facts
	// ask the game contract in its own readers
	reader int
	g      *fd.Game
	c      *tracks.Circuit
	lex    *lexicon

	plays   []fd.PlayLog
	last    *fd.PlayLog // the last finished play, nil before the first
	current *fd.PlayLog // the play in progress, nil between plays
	pending *fd.Decision
	// risk of each pending option, by index
	risk []float64
	// facts of each pending option in the board's language, those the
	// contract tells reader (Contract.AskedOf, as the texts): the row's
	// text, and the risk column's (the chance of elimination, or the
	// elimination for sure)
	facts     [][]string
	riskTexts []string
	// place of each car (1-based index by car number - 1)
	place []int
	// recent holds, per car, its last finished play among the last
	// len(cars) plays: the faint paths
	recent map[int]*fd.PlayLog
	// focus is the car the crop centres on: the car to move, else the last
	// mover
	focus int
}

// newGameView reads what the board drawn for opt.Reader in opt.Lang
// shows of g.
func (r *Renderer) newGameView(g *fd.Game, opt BoardOptions) (*gameView, error) {
	lang := opt.Lang
	if g == nil || g.Track == nil || len(g.Track.Spaces) == 0 {
		return nil, ErrNoGame
	}
	lex, err := lexiconFor(lang)
	if err != nil {
		return nil, err
	}
	v := &gameView{reader: opt.Reader, g: g, c: g.Track, lex: lex, plays: g.PlaysSince(g.Play - len(g.Cars) - 1), recent: map[int]*fd.PlayLog{}}
	for i := len(v.plays) - 1; i >= 0; i-- {
		p := &v.plays[i]
		if !p.Done {
			v.current = p
			continue
		}
		if v.last == nil {
			v.last = p
		}
		if v.last.Play-p.Play < len(g.Cars) && v.recent[p.Car] == nil {
			v.recent[p.Car] = p
		}
	}
	if d := g.Pending(); d != nil {
		v.pending = d
		// each option as the texts ask it of the reader (5-D: of a car
		// whose build he may not read, what it is, not what it costs)
		asked := fd.NewContract(g, nil).AskedOf(d, "", fd.ReaderOfCar(v.reader))
		for _, op := range asked.Options {
			row, riskText, risk := optionFacts(op.Facts, lang)
			v.facts, v.riskTexts, v.risk = append(v.facts, row), append(v.riskTexts, riskText), append(v.risk, risk)
		}
		v.focus = d.Car
	} else if v.last != nil {
		v.focus = v.last.Car
	}
	v.place = make([]int, len(g.Cars))
	for _, res := range g.Results() {
		if res.Car >= 1 && res.Car <= len(v.place) {
			v.place[res.Car-1] = res.Place
		}
	}
	return v, nil
}

// car returns a car by number.
func (v *gameView) car(n int) *fd.Car {
	if n < 1 || n > len(v.g.Cars) {
		return nil
	}
	return &v.g.Cars[n-1]
}

// lap is the lap the leader is on, 1-based, at most the race's laps.
func (v *gameView) lap() int {
	best := 0
	for i := range v.g.Cars {
		c := &v.g.Cars[i]
		if c.Status == fd.Racing && c.CrossedStart {
			best = max(best, c.Laps+1)
		}
		if c.Status == fd.Finished {
			best = max(best, c.Laps)
		}
	}
	return min(max(best, 1), v.g.Config.Laps)
}

// optionGroups gathers the move options that end on one space: their
// letters are drawn together.
type optionGroup struct {
	end     tracks.SpaceID
	letters []string
	worst   float64 // the highest risk among them
}

func (v *gameView) optionGroups() []optionGroup {
	d := v.pending
	if d == nil || (d.Kind != fd.DecideMove && d.Kind != fd.DecideSlipstream) {
		return nil
	}
	byEnd := map[tracks.SpaceID]int{}
	var out []optionGroup
	for i, op := range d.Options {
		if op.End == tracks.NoSpace || int(op.End) >= len(v.c.Spaces) {
			continue
		}
		j, ok := byEnd[op.End]
		if !ok {
			j = len(out)
			byEnd[op.End] = j
			out = append(out, optionGroup{end: op.End})
		}
		out[j].letters = append(out[j].letters, op.Letter)
		out[j].worst = max(out[j].worst, v.risk[i])
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].letters[0] < out[j].letters[0] })
	return out
}

// teamOf is the team of a car: cars 1 and 2 are team 1, and so on.
func teamOf(car int) int { return (car + 1) / 2 }

// catName names a wear category as the game's rules do: the competition
// rules call the gearbox "gas" (FDR R0.3).
func (v *gameView) catName(c fd.Category) string {
	return v.g.Config.Rules.CategoryName(c)
}

// parseCat reads a category name of an event, "gas" included.
func parseCat(s string) (fd.Category, bool) {
	if s == "gas" {
		return fd.Gearbox, true
	}
	return fd.ParseCategory(s)
}

// readsBuild reports whether the board's reader may read car's build and
// what is left of it (league 5-D hides another racing car's): the game
// contract decides it (fd.Contract.ReadsBuild), as it does for the texts
// and the record lines a reader is handed, so a board shows no more and
// no less than they say.
func (v *gameView) readsBuild(car int) bool {
	return fd.NewContract(v.g, nil).ReadsBuild(fd.ReaderOfCar(v.reader), car)
}
