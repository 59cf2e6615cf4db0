package fd

import "strconv"

// Hand-written encoders of the commonest kinds (rolls, turns, orders,
// rounds, stops, moves and slipstreams, gears, wear, contacts, laps,
// overshoots: the kinds of a race record by count): the engine writes these
// lines in its hot loop, where the reflective codec's cost would show in
// the race benchmark (its Encode is about four times ev's time for a
// roll). Encode uses them; emission sites call them directly
// (g.emit(RollEvent{…}.line())), which spares the interface's allocation.
// TestFastEncodersAgreeWithTheCodec checks each writes exactly what the
// struct's tags say.

// lineWriter is a kind with a hand-written encoder.
type lineWriter interface{ line() Event }

func (x RollEvent) line() Event { return x.lineIn(nil) }

// lineIn is line with its arguments in mem (lineMem); nil: their own.
func (x RollEvent) lineIn(mem *lineMem) Event {
	return Event{Kind: "roll", Args: append(mem.args(6), Arg{"play", lineInt(x.Play)}, Arg{"car", lineInt(x.Car)},
		Arg{"for", x.For}, Arg{"n", lineInt(x.N)}, Arg{"die", x.Die}, Arg{"value", lineInt(x.Value)})}
}

func (x TurnEvent) line() Event { return x.lineIn(nil) }

// lineIn is line with its arguments in mem (lineMem); nil: their own.
func (x TurnEvent) lineIn(mem *lineMem) Event {
	return Event{Kind: "turn", Args: append(mem.args(2), Arg{"play", lineInt(x.Play)}, Arg{"car", lineInt(x.Car)})}
}

func (x RoundEvent) line() Event { return x.lineIn(nil) }

// lineIn is line with its arguments in mem (lineMem); nil: their own.
func (x RoundEvent) lineIn(mem *lineMem) Event {
	return Event{Kind: "round", Args: append(mem.args(2), Arg{"n", lineInt(x.N)}, Arg{"order", joinInts(x.Order)})}
}

func (x StopEvent) line() Event { return x.lineIn(nil) }

// lineIn is line with its arguments in mem (lineMem); nil: their own.
func (x StopEvent) lineIn(mem *lineMem) Event {
	return Event{Kind: "stop", Args: append(mem.args(4), Arg{"car", lineInt(x.Car)}, Arg{"corner", x.Corner},
		Arg{"stops", lineInt(x.Stops)}, Arg{"required", lineInt(x.Required)})}
}

func (x OrderEvent) line() Event { return x.lineIn(nil) }

// lineIn is line with its arguments in mem (lineMem); nil: their own.
func (x OrderEvent) lineIn(mem *lineMem) Event {
	n := 1 // the arguments written below, counted first: the list's capacity
	if x.Gear != 0 {
		n++
	}
	if x.Choose != "" {
		n++
	}
	if x.Build != "" {
		n++
	}
	if x.Boosters != "" {
		n++
	}
	args := append(mem.args(n), Arg{"car", lineInt(x.Car)})
	if x.Gear != 0 {
		args = append(args, Arg{"gear", lineInt(x.Gear)})
	}
	if x.Choose != "" {
		args = append(args, Arg{"choose", x.Choose})
	}
	if x.Build != "" {
		args = append(args, Arg{"build", x.Build})
	}
	if x.Boosters != "" {
		args = append(args, Arg{"boosters", x.Boosters})
	}
	return Event{Kind: "order", Args: args}
}

func (x MoveEvent) line() Event { return x.lineIn(nil) }

// lineIn is line with its arguments in mem (lineMem); nil: their own.
func (x MoveEvent) lineIn(mem *lineMem) Event {
	return Event{Kind: "move", Args: moveArgs(mem, x.Car, x.Path, x.Braked, x.Blocked, x.Slide, x.Bonus)}
}

func (x SlipstreamEvent) line() Event { return x.lineIn(nil) }

// lineIn is line with its arguments in mem (lineMem); nil: their own.
func (x SlipstreamEvent) lineIn(mem *lineMem) Event {
	return Event{Kind: "slipstream", Args: moveArgs(mem, x.Car, x.Path, x.Braked, x.Blocked, x.Slide, x.Bonus)}
}

// moveArgs are the keys a move and a slipstream share, slide and bonus
// only when not 0 (fdr's R8.13, R8.5), in mem (lineMem).
func moveArgs(mem *lineMem, car int, path string, braked, blocked, slide, bonus int) []Arg {
	n := 4 // the arguments written below, counted first: the list's capacity
	if slide != 0 {
		n++
	}
	if bonus != 0 {
		n++
	}
	args := append(mem.args(n), Arg{"car", lineInt(car)}, Arg{"path", path},
		Arg{"braked", lineInt(braked)}, Arg{"blocked", lineInt(blocked)})
	if slide != 0 {
		args = append(args, Arg{"slide", lineInt(slide)})
	}
	if bonus != 0 {
		args = append(args, Arg{"bonus", lineInt(bonus)})
	}
	return args
}

func (x GearEvent) line() Event { return x.lineIn(nil) }

// lineIn is line with its arguments in mem (lineMem); nil: their own.
func (x GearEvent) lineIn(mem *lineMem) Event {
	return Event{Kind: "gear", Args: append(mem.args(3), Arg{"car", lineInt(x.Car)}, Arg{"from", lineInt(x.From)},
		Arg{"to", lineInt(x.To)})}
}

func (x WearEvent) line() Event {
	args := make([]Arg, 1, 3)
	args[0] = Arg{"car", lineInt(x.Car)}
	args = x.WearPoints.appendArgs(args)
	return Event{Kind: "wear", Args: append(args, Arg{"cause", x.Cause})}
}

// appendArgs writes the categories set, in the struct's order (a 0 set is
// written: a wear of 0 points is news).
func (w WearPoints) appendArgs(args []Arg) []Arg {
	for _, c := range [...]struct {
		key string
		n   *int
	}{{"tyres", w.Tyres}, {"brakes", w.Brakes}, {"gearbox", w.Gearbox}, {"gas", w.Gas},
		{"body", w.Body}, {"engine", w.Engine}, {"handling", w.Handling}} {
		if c.n != nil {
			args = append(args, Arg{c.key, lineInt(*c.n)})
		}
	}
	return args
}

func (x ContactEvent) line() Event {
	args := make([]Arg, 2, 3)
	args[0] = Arg{"car", lineInt(x.Car)}
	args[1] = Arg{"with", lineInt(x.With)}
	if x.Aggravated {
		args = append(args, Arg{"aggravated", "true"})
	}
	return Event{Kind: "contact", Args: args}
}

func (x LapEvent) line() Event {
	return Event{Kind: "lap", Args: []Arg{{"car", lineInt(x.Car)}, {"laps", lineInt(x.Laps)}}}
}

func (x OvershootEvent) line() Event {
	return Event{Kind: "overshoot", Args: []Arg{{"car", lineInt(x.Car)}, {"corner", x.Corner},
		{"spaces", lineInt(x.Spaces)}, {"stops", lineInt(x.Stops)}, {"required", lineInt(x.Required)}}}
}

// onePoint is the WearPoints of one category, by its record key (a
// Category's name, or "gas" under fdr: Game.catName).
func onePoint(key string, n int) WearPoints {
	var w WearPoints
	switch key {
	case "tyres":
		w.Tyres = &n
	case "brakes":
		w.Brakes = &n
	case "gearbox":
		w.Gearbox = &n
	case "gas":
		w.Gas = &n
	case "body":
		w.Body = &n
	case "engine":
		w.Engine = &n
	case "handling":
		w.Handling = &n
	default:
		panic("fd: no wear category " + key) // a Category out of range: a bug, not a record
	}
	return w
}

// lineInt is strconv.Itoa, the numbers below 1024 (plays, rounds, cars,
// stops, lengths) read from a table written once: the roll and turn lines
// name the play, past the hundred the standard library keeps ready, and
// formatting and allocating each of them was about half a percent of a
// race (issue 14). The table is read only, shared by every game.
func lineInt(n int) string {
	if uint(n) < uint(len(decimals)) {
		return decimals[n]
	}
	return strconv.Itoa(n)
}

var decimals = func() *[1024]string {
	var t [1024]string
	for i := range t {
		t[i] = strconv.Itoa(i)
	}
	return &t
}()

// lineMem is the memory of a game's record lines' argument lists: each
// list is cut from a block of lineMemBlock arguments after the last one,
// capped at its length, instead of allocated on its own (issue 14: the
// roll, turn, gear, order, move and stop lines' lists were about 3 % of a
// race's instructions). A block lives as long as a line cut from it, as
// the lines' own lists did; the game holds only the part not cut yet.
//
// A qualifying session's memory (pre > 0) leaves pre arguments before
// each list, for the q= and qs= its copy in the race's record puts in
// front (copyQualiEvents, O-QUA, FDR R1.1): the copy is then the same
// list seen from pre earlier, not a list of its own (issue 14: the copies
// were a tenth of the bytes a fdr race allocated). last is the list last
// cut, its room in front included, which the session's emit reads.
type lineMem struct {
	free []Arg
	pre  int
	last []Arg
}

const lineMemBlock = 64

// lines is the game's record line memory, made at its first line.
func (g *Game) lines() *lineMem {
	if g.lineMem == nil {
		g.lineMem = new(lineMem)
	}
	return g.lineMem
}

// args is an empty list of capacity n, cut from mem's block, or allocated
// on its own when mem is nil (a line written outside a game's play).
func (mem *lineMem) args(n int) []Arg {
	if mem == nil {
		return make([]Arg, 0, n)
	}
	if mem.pre > 0 {
		return mem.argsAfterRoom(n)
	}
	if len(mem.free) < n {
		mem.free = make([]Arg, max(lineMemBlock, n))
	}
	a := mem.free[:0:n]
	mem.free = mem.free[n:]
	return a
}

// argsAfterRoom is args for a session's memory: the list after mem.pre
// arguments left for its copy's q= and qs=, the whole kept in mem.last.
func (mem *lineMem) argsAfterRoom(n int) []Arg {
	k := mem.pre + n
	if len(mem.free) < k {
		mem.free = make([]Arg, max(lineMemBlock, k))
	}
	mem.last = mem.free[:k:k]
	mem.free = mem.free[k:]
	return mem.last[mem.pre:mem.pre:k]
}

// roomFor is the arguments of line e, just emitted, with the room left in
// front of them (argsAfterRoom), or nil when e's list is not the one mem
// cut last (a line with a list of its own, or none): its copy is then
// made as before. mem forgets the list, so no other line takes its room.
func (mem *lineMem) roomFor(e Event) []Arg {
	full := mem.last
	mem.last = nil
	if len(e.Args) == 0 || len(full) < mem.pre+len(e.Args) || &full[mem.pre] != &e.Args[0] {
		return nil
	}
	n := mem.pre + len(e.Args)
	return full[:n:n]
}
