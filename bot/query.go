package bot

import (
	"context"
	"fmt"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
)

// RaceView is a race's summary as `sim`, `replay` and `game show` print
// it.
type RaceView struct {
	Seed       string      `json:"seed"` // revealed when the race is over
	Commitment string      `json:"commitment"`
	Game       string      `json:"game"`
	Rules      string      `json:"rules"`
	Track      string      `json:"track"`
	Cars       int         `json:"cars"`
	Laps       int         `json:"laps"`
	Rounds     int         `json:"rounds"`
	Plays      int         `json:"plays"`
	Results    []fd.Result `json:"results"`
	// Teams is the team race's classification (O-TEAM-03), when it is on.
	Teams []fd.TeamResult `json:"teams,omitempty"`
}

// GameView is what `game show --json` prints: the same shape as `sim`, plus
// the game's state and who must act on what.
type GameView struct {
	RaceView
	State   string        `json:"state"` // setup, running, paused or finished
	Pending []PendingView `json:"pending"`
	// Orders is the number of orders committed (players' and the
	// autopilot's), in the effective record.
	Orders int `json:"orders"`
}

// PendingView is one decision waiting for a player.
type PendingView struct {
	Car      int      `json:"car"`
	Player   string   `json:"player,omitempty"`
	Decision string   `json:"decision"`
	Session  string   `json:"session,omitempty"`
	Options  []string `json:"options"` // gears or letters
	// Facts says, option by option in the same order, what it does: its
	// path, costs and risks.
	Facts []OptionFacts `json:"facts"`
	Due   string        `json:"due,omitempty"`
}

// OptionFacts is one option of a pending decision with its consequences.
type OptionFacts struct {
	Option     string         `json:"option"` // the gear or the letter
	Text       string         `json:"text"`   // in words
	Path       []string       `json:"path,omitempty"`
	End        string         `json:"end,omitempty"`
	Cost       map[string]int `json:"cost,omitempty"`
	Braked     int            `json:"braked,omitempty"`
	Blocked    int            `json:"blocked,omitempty"`
	Dangerous  int            `json:"dangerous,omitempty"`
	Overshoot  int            `json:"overshoot,omitempty"`
	Spin       bool           `json:"spin,omitempty"`
	Eliminated bool           `json:"eliminated,omitempty"`
	Cause      string         `json:"cause,omitempty"`
	Pit        bool           `json:"pit,omitempty"`
	Stop       bool           `json:"stop,omitempty"` // no slipstream
	Repair     map[string]int `json:"repair,omitempty"`
	Top        int            `json:"top,omitempty"` // league variant 6-A: the Top spent, +1 or -1
}

// optionFacts lists an option's consequences for game show --json.
func optionFacts(l *live, d fd.Decision, op fd.Option) OptionFacts {
	f := OptionFacts{Option: op.Letter, Braked: op.Braked, Blocked: op.Blocked, Dangerous: op.Dangerous, Overshoot: op.Overshoot,
		Spin: op.Spin, Eliminated: op.Eliminated, Cause: op.Cause, Pit: op.Pit, Stop: op.Stop, Top: op.Top}
	if d.Kind == fd.DecideGear && op.Declared() == "" { // a declared gear keeps its letter ("5S")
		f.Option = fmt.Sprint(op.Gear)
	}
	f.Text = optionText(l, d.Car, f.Option, "en")
	for _, s := range op.Path {
		f.Path = append(f.Path, l.track.Spaces[s].Name)
	}
	if (d.Kind == fd.DecideMove || d.Kind == fd.DecideSlipstream) && op.End >= 0 && int(op.End) < len(l.track.Spaces) {
		f.End = l.track.Spaces[op.End].Name
	}
	wear := func(w fd.Wear) map[string]int {
		var m map[string]int
		for cat := fd.Category(0); cat < fd.NumCategories; cat++ {
			if w[cat] > 0 {
				if m == nil {
					m = map[string]int{}
				}
				m[cat.String()] = w[cat]
			}
		}
		return m
	}
	f.Cost, f.Repair = wear(op.Cost), wear(op.Repair)
	return f
}

// Show describes a game from committed state.
func (s *Service) Show(ctx context.Context, id string) (*GameView, error) {
	if s.isServed(ctx, id) {
		return s.showServed(ctx, id)
	}
	var v *GameView
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		return s.withView(tx, id, func(l *live) error {
			if l.game == nil {
				v = &GameView{RaceView: RaceView{Commitment: l.meta.Commitment, Game: id, Rules: l.meta.Rules, Track: l.meta.Track, Cars: len(l.seats),
					Results: []fd.Result{}}, State: l.row.State, Pending: []PendingView{}}
				return nil
			}
			// the standings, the teams' and the option JSON are Formula Dé's own
			g := l.race()
			at := l.progress()
			v = &GameView{RaceView: RaceView{Commitment: l.meta.Commitment, Game: id, Rules: l.meta.Rules, Track: l.meta.Track, Cars: l.meta.Cars,
				Laps: at.Length, Rounds: at.Round, Plays: at.Turns, Results: publicResults(g), Teams: g.TeamResults()}, State: l.row.State, Pending: []PendingView{}}
			if l.row.State == persistence.GameFinished {
				v.Seed = l.meta.Seed
			}
			for _, e := range l.game.Events() {
				if e.Kind() == "order" || e.Kind() == "q-order" {
					v.Orders++
				}
			}
			deadlines, err := tx.Deadlines(id)
			if err != nil {
				return err
			}
			for _, d := range g.PendingAll() {
				pv := PendingView{Car: d.Car, Decision: string(d.Kind), Session: d.Session}
				if seat := l.seat(d.Car); seat != nil && seat.Player != "" {
					if p, err := tx.Player(seat.Player); err == nil {
						pv.Player = p.Name
					}
				}
				pv.Facts = []OptionFacts{}
				for _, op := range d.Options {
					if d.Kind == fd.DecideGear && op.Declared() == "" {
						pv.Options = append(pv.Options, fmt.Sprint(op.Gear))
					} else {
						pv.Options = append(pv.Options, op.Letter)
					}
					pv.Facts = append(pv.Facts, optionFacts(l, d, op))
				}
				for _, dl := range deadlines {
					if dl.Seat == d.Car && dl.Kind == persistence.DeadlineDecision {
						pv.Due = dl.Due.UTC().Format("2006-01-02 15:04 MST")
					}
				}
				v.Pending = append(v.Pending, pv)
			}
			return nil
		})
	})
	return v, err
}

// Autoplay lets the autopilot answer pending decisions, each decision
// committed in its own transaction, until the game ends or max decisions
// are made (max <= 0: no limit). It returns how many it made.
func (s *Service) Autoplay(ctx context.Context, id string, max int) (int, error) {
	if s.isServed(ctx, id) {
		return s.autoplayServedOrders(ctx, id, max)
	}
	made := 0
	for max <= 0 || made < max {
		if err := ctx.Err(); err != nil {
			return made, err
		}
		done := false
		_, err := s.onGame(ctx, id, func() (string, error) {
			err := s.store.Update(ctx, func(tx persistence.Tx) error {
				l, err := s.loaded(tx, id)
				if err != nil {
					return err
				}
				if l.game == nil {
					return refusef("game %s has not started yet", "la partie %s n'a pas encore commencé", id)
				}
				if l.game.Over() || l.row.State == persistence.GameFinished {
					done = true
					return nil
				}
				if l.row.State == persistence.GamePaused {
					return refusef("game %s is paused", "la partie %s est en pause", id)
				}
				pending := l.game.Pending()
				if len(pending) == 0 {
					done = true
					return nil
				}
				l.beginCommand()
				defer l.endCommand()
				if err := s.autoplayOne(l, pending[0].Seat+1); err != nil {
					return err
				}
				if err := s.autoplayTurns(l, tx); err != nil { // pre-moves, seats on autopilot
					return err
				}
				if s.opts.BeforeCommit != nil {
					s.opts.BeforeCommit()
				}
				if s.opts.BrokenSplitCommit {
					return s.brokenCommit(ctx, tx, l, id)
				}
				return s.commit(tx, l, id, "en")
			})
			if err != nil {
				s.forget(id)
			}
			if s.afterCommit != nil {
				s.forget(id)
				next := s.afterCommit
				s.afterCommit = nil
				if err == nil {
					err = next()
				}
			}
			return "", err
		})
		if err != nil {
			return made, err
		}
		if done {
			return made, nil
		}
		made++
	}
	return made, nil
}

// Verify checks a game's hash chain and, once the race is over, every roll
// against the commitment and every event against the rules.
func (s *Service) Verify(ctx context.Context, id string) (string, error) {
	var out string
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		if err := tx.VerifyChain(id); err != nil {
			return err
		}
		if row, err := gameRow(tx, id); err == nil {
			if m, err := decodeMeta(row); err == nil && kindOf(m) != nil {
				out, err = s.verifyServed(tx, row, m)
				return err
			}
		}
		row, m, rec, lines, err := storedRecord(tx, id)
		if err != nil {
			return err
		}
		if row.State != persistence.GameFinished {
			out = fmt.Sprintf("%s: hash chain intact over %d record lines; the rolls can be checked once the race is over", id, lines)
			return nil
		}
		rec.Seed = m.Seed
		if err := fd.Verify(rec); err != nil {
			return err
		}
		out = fmt.Sprintf("%s: verified: hash chain intact over %d record lines, the seed matches commitment %s, every roll matches the seed", id, lines, m.Commitment)
		return nil
	})
	return out, err
}

// brokenCommit is the deliberately broken build of the crash test: half of
// a decision's lines now, the rest in a second transaction.
func (s *Service) brokenCommit(ctx context.Context, tx persistence.Tx, l *live, id string) error {
	lines, err := l.causedLines()
	if err != nil {
		return err
	}
	half := len(lines) / 2
	if _, err := tx.Append(id, l.row.LastSeq, lines[:half]...); err != nil {
		return err
	}
	s.afterCommit = func() error {
		return s.store.Update(ctx, func(tx persistence.Tx) error {
			row, err := tx.Game(id)
			if err != nil {
				return err
			}
			if _, err := tx.Append(id, row.LastSeq, lines[half:]...); err != nil {
				return err
			}
			if l.game.Over() {
				row, err = tx.Game(id)
				if err != nil {
					return err
				}
				row.State = persistence.GameFinished
				_, err = tx.UpdateGame(row)
			}
			return err
		})
	}
	return nil
}

// StateView is what `replay FILE --at N --json` prints: the game as it stood
// at one line of its record, with the decision pending then and every legal
// option's path, costs and risks.
type StateView struct {
	Event   int           `json:"event"`
	Line    string        `json:"line"`
	Round   int           `json:"round"`
	Play    int           `json:"play"`
	Weather string        `json:"weather"`
	Debris  []string      `json:"debris"`
	Cars    []CarState    `json:"cars"`
	Pending []PendingView `json:"pending"`
	// Position is the game at this line as position lines (docs/record.md),
	// with played= mid-round: a record starting from them resumes the game
	// here. Empty while a car's turn is under way past its gear choice;
	// PositionNote then says why.
	Position     []string `json:"position"`
	PositionNote string   `json:"position_note,omitempty"`
}

// CarState is one car of a StateView.
type CarState struct {
	Car      int            `json:"car"`
	Space    string         `json:"space,omitempty"`
	Gear     int            `json:"gear"`
	Wear     map[string]int `json:"wear"`
	Laps     int            `json:"laps"`
	Stops    int            `json:"stops"`
	PitStops int            `json:"pit_stops"`
	Status   string         `json:"status"`
	Tyre     string         `json:"tyre"`
	Driver   string         `json:"driver,omitempty"`
	Box      int            `json:"box,omitempty"` // fdr: the pit box the car chose (R4.1)
}

// StateAt describes the race con serves, rebuilt at line n of rec
// (fd.ReplayAtEvent), as the reader `replay --as` names by his car (a
// car, 0 a spectator, fd.GameMaster everything; fd.ReaderOfCar) may read it, as the game stood then: its line and position lines as the
// game contract hands them out to reader (toldLine, positionLines: under
// 5-D another racing car's build line is its stand-in), its round and
// play as the contract counts them (engine.Progress), and another
// racing car's wear left out. What else it shows (the cars' spaces and
// gears, the weather, the debris, each option's path and costs) is
// Formula Dé's own, read from the race (con.G).
func StateAt(con fd.Contract, rec *fd.Record, n, as int) StateView {
	reader := fd.ReaderOfCar(as)
	g := con.G
	l := &live{game: con, track: g.Track}
	n = min(n, len(rec.Events))
	at := con.Progress()
	v := StateView{Event: n, Round: at.Round, Play: at.Turns, Debris: []string{}, Cars: []CarState{}, Pending: []PendingView{}}
	if n >= 1 {
		v.Line = toldLine(con, rec.Events[n-1], reader)
	}
	p := g.Position()
	v.Position, v.PositionNote = positionLines(con, reader)
	v.Weather = p.Weather.String()
	v.Debris = append(v.Debris, p.Debris...)
	v.Cars = append(v.Cars, carStates(con, reader)...)
	for _, d := range g.PendingAll() {
		pv := PendingView{Car: d.Car, Decision: string(d.Kind), Session: d.Session, Facts: []OptionFacts{}}
		if _, seen := con.WearFor(reader, d.Car); !seen {
			v.Pending = append(v.Pending, pv) // its options' costs tell its wear (5-D)
			continue
		}
		for _, op := range d.Options {
			f := optionFacts(l, d, op)
			pv.Options = append(pv.Options, f.Option)
			pv.Facts = append(pv.Facts, f)
		}
		v.Pending = append(v.Pending, pv)
	}
	return v
}

// positionLines are the lines of the position a record may start from to
// resume game here (engine.Positioned), as reader (a contract reader) may
// read them, or none and why none can be written now.
func positionLines(game engine.Game, reader int) ([]string, string) {
	lines := []string{}
	pos, ok := game.(engine.Positioned)
	if !ok {
		return lines, "this game writes no position"
	}
	evs, err := pos.Position()
	if err != nil {
		return lines, err.Error()
	}
	for _, e := range evs {
		if told, ok := engine.Told(e, reader, game.Over()); ok {
			lines = append(lines, told.Line())
		}
	}
	return lines, ""
}

// publicResults are the standings as anyone may read them: under 5-D a
// racing car's wear is left out (null), its owner's secret until the flag.
func publicResults(g *fd.Game) []fd.Result {
	rs := g.Results()
	con := fd.NewContract(g, nil)
	for i := range rs {
		if _, seen := con.WearFor(-1, rs[i].Car); !seen { // as a spectator (−1) may read it
			rs[i].Wear = nil
		}
	}
	return rs
}
