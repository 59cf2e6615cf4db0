package duel

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/dice"
)

// Mode is the side event a duel plays.
type Mode string

const (
	Dragster Mode = "AX-1" // one run of a dragster match
	Chicken  Mode = "AX-4" // one "Fureur de vivre" duel
)

// The dragster strip (AX-1): 5 lanes, squares 0–70, the line at 50; the
// left car starts in lane 2, the right in lane 4 (league AMB-54).
const (
	Lanes      = 5
	FinishLine = 50
	StripEnd   = 70
	insideLane = 3
)

// Faster rules of AX-4 (league AMB-57): who is faster when the gears differ.
const (
	FasterGear    = "gear"
	FasterSquares = "squares"
)

// MarshMin and MarshMax bound AX-4's marsh_at: a marsh nearer than 10
// squares leaves no duel to play, one past 200 no risk to take.
const (
	MarshMin = 10
	MarshMax = 200
)

// Config is what a duel is played with.
type Config struct {
	Mode Mode
	// Faster (AX-4): FasterGear (the default) or FasterSquares.
	Faster string
	// MarshAt (AX-4): the first square of the marsh, 50 by default.
	MarshAt int
}

// Options are the config's header options, "key=value".
func (c Config) Options() []string {
	if c.Mode != Chicken {
		return nil
	}
	return []string{"faster=" + c.Faster, "marsh=" + strconv.Itoa(c.MarshAt)}
}

// ParseConfig reads a mode and its header options back, refusing with a
// sentence what it cannot play.
func ParseConfig(mode string, opts []string) (Config, error) {
	c := Config{Mode: Mode(mode)}
	switch c.Mode {
	case Dragster:
		if len(opts) > 0 {
			return Config{}, fmt.Errorf("the dragster (AX-1) takes no options, not %q", opts)
		}
		return c, nil
	case Chicken:
		c.Faster, c.MarshAt = FasterGear, FinishLine
		for _, o := range opts {
			k, v, _ := cutOpt(o)
			switch k {
			case "faster":
				if v != FasterGear && v != FasterSquares {
					return Config{}, fmt.Errorf("faster is %q or %q, not %q", FasterGear, FasterSquares, v)
				}
				c.Faster = v
			case "marsh":
				n, err := strconv.Atoi(v)
				if err != nil || n < MarshMin || n > MarshMax {
					return Config{}, fmt.Errorf("the marsh is a square from %d to %d, not %q", MarshMin, MarshMax, v)
				}
				c.MarshAt = n
			default:
				return Config{}, fmt.Errorf("Fureur de vivre (AX-4) has no option %q", k)
			}
		}
		return c, nil
	}
	return Config{}, fmt.Errorf("no duel %q: AX-1 (Dragster) or AX-4 (Fureur de vivre)", mode)
}

func cutOpt(o string) (string, string, bool) {
	for i := range len(o) {
		if o[i] == '=' {
			return o[:i], o[i+1:], true
		}
	}
	return o, "", false
}

// State is a car's state in the run.
type State int

const (
	Running State = iota
	Stopped
	Crashed
)

// Parachute states (AX-1).
const (
	ChuteUnused = iota
	ChuteOpen
	ChuteFailed
)

// Car is one of the two cars.
type Car struct {
	Lane, Pos, Gear int
	State           State
	// AX-1: the incident checks' multiplier (0: no incident), the loss of
	// control's direction (−1, 0, +1 lanes a move), the parachute.
	IncidentK, LocDir, Chute int
	// AX-1: the tick the car reached the line (0: not yet) and by how much.
	CrossTick, Overshoot int
	CrashGear            int
	Marsh                bool // AX-4: lost in the marsh
}

// Injury is a crashed dragster's roll on the injury table (AX-1).
type Injury struct {
	Roll, Gear int
	// Outcome: "dead", "hospital", "wrecked" (each out of the tournament),
	// "forfeit" or "miss" (Runs lost by forfeit), "none".
	Outcome string
	Runs    int
}

// Eliminated: the pilot is out of the tournament.
func (i Injury) Eliminated() bool {
	return i.Outcome == "dead" || i.Outcome == "hospital" || i.Outcome == "wrecked"
}

// Game is one duel.
type Game struct {
	ID   string
	Cfg  Config
	Cars [2]Car
	Tick int // the tick being ordered, from 1
	// sealed are the orders in for this tick, "" while awaited.
	sealed [2]string
	Evs    []Event
	Over   bool
	// Result: Winner 0/1, −1 none. AX-1: Rerun on a full tie; Injuries of
	// crashed cars. AX-4: Draw ("handshake" or "marsh") when nobody wins.
	Winner   int
	Rerun    bool
	Injuries [2]*Injury
	Draw     string
	// Alone (AX-4): the faster car driving on alone, −1 while tied.
	Alone int
}

// New sets a duel up; nothing is rolled before the first orders.
func New(id string, cfg Config) (*Game, error) {
	if _, err := ParseConfig(string(cfg.Mode), cfg.Options()); err != nil {
		return nil, err
	}
	g := &Game{ID: id, Cfg: cfg, Tick: 1, Winner: -1, Alone: -1}
	if cfg.Mode == Dragster {
		g.Cars[0].Lane, g.Cars[1].Lane = 2, 4
	} else {
		g.Cars[0].Lane, g.Cars[1].Lane = 1, 2
	}
	return g, nil
}

// Awaited are the seats whose order the tick waits for: AX-1's running
// cars not under an open parachute (its gear is forced), AX-4's running
// cars, or the faster one alone.
func (g *Game) Awaited() []int {
	if g.Over {
		return nil
	}
	var out []int
	for s := range 2 {
		c := g.Cars[s]
		if c.State != Running || g.Cfg.Mode == Dragster && c.Chute == ChuteOpen || g.Alone >= 0 && g.Alone != s {
			continue
		}
		out = append(out, s)
	}
	return out
}

// Orders are seat's legal order keys now: a gear ("1"…"6"), "stop",
// "parachute" (AX-1); a gear "1"…"5" or "0" (neutral) (AX-4).
func (g *Game) Orders(seat int) []string {
	if seat < 0 || seat > 1 || !slices.Contains(g.Awaited(), seat) {
		return nil
	}
	c := g.Cars[seat]
	var out []string
	if g.Cfg.Mode == Chicken {
		// AMB-57: g ≤ prev+1, at most 5th; neutral only after a move in 1st; the first tick in 1st.
		if c.Gear == 1 {
			out = append(out, "0")
		}
		for gear := 1; gear <= min(5, c.Gear+1); gear++ {
			out = append(out, strconv.Itoa(gear))
		}
		return out
	}
	// AMB-54: one gear up or down, or the same, in 1–6; the first is 1st.
	for gear := max(1, c.Gear-1); gear <= min(6, c.Gear+1); gear++ {
		out = append(out, strconv.Itoa(gear))
	}
	if c.Gear == 1 || c.Gear == 2 {
		out = append(out, "stop") // could shift into 1st: may stop instead
	}
	if c.Chute == ChuteUnused && c.Gear >= 3 {
		out = append(out, "parachute") // slowing by more than one gear
	}
	return out
}

// errIllegal wraps a refused order with engine.ErrIllegal.
func errIllegal(format string, a ...any) error {
	return fmt.Errorf("%w: %s", engine.ErrIllegal, fmt.Sprintf(format, a...))
}

// Submit seals seat's order; when every awaited order is in, the tick
// resolves (and the ticks that need no order after it). On error nothing
// changed. It returns the events the order caused.
func (g *Game) Submit(seat int, key string, r dice.Source) ([]Event, error) {
	if g.Over {
		return nil, engine.ErrOver
	}
	if !slices.Contains(g.Orders(seat), key) {
		return nil, errIllegal("order %q is not one of %v", key, g.Orders(seat))
	}
	next := g.clone()
	from := len(next.Evs)
	o := ev("order", "tick", next.Tick, "seat", seat+1, "key", key)
	o.Sealed = seat + 1
	next.emit(o)
	next.sealed[seat] = key
	if err := next.settle(r); err != nil {
		return nil, err
	}
	*g = *next
	return slices.Clone(g.Evs[from:]), nil
}

// Expire orders the autopilot's key for every awaited seat not in yet.
func (g *Game) Expire(r dice.Source) ([]Event, error) {
	if g.Over {
		return nil, engine.ErrOver
	}
	next := g.clone()
	from := len(next.Evs)
	for _, s := range next.Awaited() {
		if next.sealed[s] != "" {
			continue
		}
		key := next.Autopilot(s)
		o := ev("order", "tick", next.Tick, "seat", s+1, "key", key)
		o.Sealed = s + 1
		next.emit(o)
		next.sealed[s] = key
	}
	if err := next.settle(r); err != nil {
		return nil, err
	}
	*g = *next
	return slices.Clone(g.Evs[from:]), nil
}

// Sealed reports whether seat's order for this tick is in.
func (g *Game) Sealed(seat int) bool { return seat >= 0 && seat < 2 && g.sealed[seat] != "" }

func (g *Game) clone() *Game {
	c := *g
	c.Evs = slices.Clone(g.Evs)
	for i, inj := range g.Injuries {
		if inj != nil {
			v := *inj
			c.Injuries[i] = &v
		}
	}
	return &c
}

func (g *Game) emit(e Event) { g.Evs = append(g.Evs, e) }

// settle resolves ticks while every awaited order is in.
func (g *Game) settle(r dice.Source) error {
	for !g.Over {
		for _, s := range g.Awaited() {
			if g.sealed[s] == "" {
				return nil
			}
		}
		orders := g.sealed
		g.emit(ev("reveal", "tick", g.Tick, "left", orderOr(orders[0]), "right", orderOr(orders[1])))
		var err error
		if g.Cfg.Mode == Dragster {
			err = g.dragsterTick(orders, r)
		} else {
			err = g.chickenTick(orders, r)
		}
		if err != nil {
			return err
		}
		g.sealed = [2]string{}
		g.Tick++
	}
	return nil
}

func orderOr(k string) string {
	if k == "" {
		return "none"
	}
	return k
}

// roll rolls d for seat (−1: shared) and records it.
func (g *Game) roll(r dice.Source, seat int, purpose string, d dice.Die, counter int) (int, error) {
	k := dice.Key{Game: g.ID, Play: g.Tick, Car: seat + 1, Purpose: purpose, Counter: counter}
	got, err := r.Roll(k, d)
	if err != nil {
		return 0, err
	}
	g.emit(ev("roll", "tick", g.Tick, "car", seat+1, "for", purpose, "n", counter, "die", d.Name, "face", got.Index, "value", got.Value))
	return got.Value, nil
}

// box is the standard box of dice (the league box B60), built once: the
// dice are read, never changed.
var box = dice.DefaultSet()

// gearDie is gear g's die of the box.
func gearDie(g int) dice.Die { return box.Gears[g-1] }

// d20 is the black d20: incident, parachute and injury dice.
func d20() dice.Die { return box.Black }

// ErrNotReplayed is wrapped by a record the rules do not reproduce.
var ErrNotReplayed = errors.New("the record does not replay")
