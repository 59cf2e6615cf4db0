package street

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// optionsAt lists the base-move options at a distance, with the rain
// slide of hard tyres (U-CAR-01, O-TYR-08) as moveOptions does.
func optionsAt(t fd.Turn, distance int) []fd.Option {
	g := t.Game()
	s := g.RainSlide(t.Car())
	if s == 0 {
		return t.MoveOptionsAt(distance)
	}
	var opts []fd.Option
	for _, op := range t.MoveOptionsAt(distance) {
		if !g.TouchesCorner(op.Path) {
			opts = append(opts, op)
		}
	}
	for _, op := range t.MoveOptionsAt(distance + s) {
		if g.TouchesCorner(op.Path) {
			op.Slide = s
			opts = append(opts, op)
		}
	}
	return opts
}

// MoveOptions adds the street declarations to the base move (§2.19
// step 4): the nitro (U-NIT-01: once per lap after the gear die, a bonus
// equal to the gear that counts toward the distance, which brakes may
// still shorten and a block cut short; AMB-28) with Montoya's +3, and
// Temana's debris drop (U-DRV-02, once per lap, on the space he leaves).
// A nitro option is offered for each end the move without it cannot reach.
func (m *streetRules) MoveOptions(tt fd.Turn, opts []fd.Option) []fd.Option {
	g, t := tt.Game(), tt
	c := t.Car()
	if liTsu(g, c) != nil {
		if charmed := optionsCharmed(t, t.Distance()); len(charmed) > 0 {
			opts = charmed // U-DRV-02 Li-Tsu
		}
	}
	if driverKey(c) == DriverJack && c.Wear[fd.Tyres] >= 1 && !g.InPitLane(c) {
		opts = append(opts, drift(t)...) // U-DRV-02 Jack
	}
	if t.Rolled() > 0 && !nitroSpent.Of(c) && !g.InPitLane(c) {
		bonuses := []int{c.Gear}
		if driverKey(c) == DriverMontoya {
			bonuses = append(bonuses, c.Gear+3) // U-DRV-02 Montoya
		}
		seen := map[tracks.SpaceID]bool{}
		for _, op := range opts {
			seen[op.End] = true
		}
		for _, b := range bonuses {
			for _, op := range optionsCharmed(t, t.Distance()+b) {
				if !seen[op.End] && len(op.Path) > 0 {
					seen[op.End] = true
					op.Nitro = b
					opts = append(opts, op)
				}
			}
		}
	}
	if driverKey(c) == DriverStanley && !radioSpent.Of(c) {
		opts = append(opts, m.radioOptions(g, c, opts)...) // U-DRV-02 Stanley
	}
	if driverKey(c) == DriverTemana && !dropSpent.Of(c) && g.Track.Spaces[c.Space].Kind == tracks.KindTrack &&
		!g.Debris[c.Space] && !g.Track.Spaces[c.Space].Has(tracks.FlagDangerous) {
		n := len(opts)
		for _, op := range opts[:n] {
			if len(op.Path) > 0 {
				op.Drop = true
				opts = append(opts, op)
			}
		}
	}
	return opts
}

// Declare plays the declarations of the chosen base move before the car
// leaves its space.
func (m *streetRules) Declare(t fd.Turn, op fd.Option) {
	g, c := t.Game(), t.Car()
	if op.Nitro > 0 {
		nitroSpent.Set(c, true)
		g.Emit(fd.Encode(NitroEvent{Car: c.Number, Bonus: op.Nitro}))
	}
	if op.Cute {
		if l := liTsu(g, c); l != nil {
			g.Emit(fd.Encode(TooCuteEvent{Car: c.Number, LiTsu: l.Number}))
		}
	}
	if op.Drift != 0 {
		g.Emit(fd.Encode(DriftEvent{Car: c.Number, Spaces: op.Drift}))
		g.Lose(c, fd.Tyres, 1, "drift (U-DRV-02 Jack)")
	}
	if op.Radio != 0 {
		m.play(g).radio = op.Radio
	}
	if op.Drop {
		dropSpent.Set(c, true)
		g.Emit(fd.Encode(DropEvent{Car: c.Number, Space: g.Track.Spaces[c.Space].Name}))
		g.DropDebris(c.Space)
	}
}

// liTsu is Li-Tsu's car when another car's move may overtake her on
// a straight (U-DRV-02, AMB-28): ahead of it within reach of this move,
// nil otherwise.
func liTsu(g *fd.Game, mover *fd.Car) *fd.Car {
	if mover.Space == tracks.NoSpace {
		return nil
	}
	for i := range g.Cars {
		l := &g.Cars[i]
		if driverKey(l) == DriverLiTsu && l != mover && l.Status == fd.Racing && l.Space != tracks.NoSpace &&
			g.Track.Spaces[l.Space].Kind == tracks.KindTrack && g.Track.Spaces[l.Space].Corner < 0 {
			n := g.Track.Levels
			ahead := (g.Track.Spaces[l.Space].Level - g.Track.Spaces[mover.Space].Level + n) % n
			// the longest move: the die, Montoya's nitro, a drift, a slide,
			// and the levels a tunnel skips
			if t, ok := g.PlayUnderWay(); ok && t.Car() == mover && ahead > t.Distance()+mover.Gear+3+1+3+tunnelSkip(g) {
				return nil
			}
			return l
		}
	}
	return nil
}

// overtakes reports whether a path from start ends ahead of the space she
// stands on, having started behind it (AMB-28).
func overtakes(g *fd.Game, start tracks.SpaceID, path []tracks.SpaceID, her tracks.SpaceID) bool {
	if len(path) == 0 {
		return false
	}
	n := g.Track.Levels
	a := g.Track.Spaces[start].Level
	ahead := func(s tracks.SpaceID) int { return (g.Track.Spaces[s].Level - a + n) % n }
	h := ahead(her)
	return h > 0 && h < ahead(path[len(path)-1])
}

// optionsCharmed is optionsAt with Li-Tsu's charm: a move that would
// overtake her on a straight is 1 space shorter, at no brake cost
// (U-DRV-02, AMB-28, EX-F-41). The charmed moves are the one-shorter moves
// that pass her, and the full one-shorter moves that end level with her
// (the move they shorten passed her).
func optionsCharmed(t fd.Turn, distance int) []fd.Option {
	g := t.Game()
	l := liTsu(g, t.Car())
	if l == nil {
		return optionsAt(t, distance)
	}
	var out, charmed []fd.Option
	cute := map[[2]int]bool{}
	if distance > 1 {
		n := g.Track.Levels
		a := g.Track.Spaces[t.Start()].Level
		h := (g.Track.Spaces[l.Space].Level - a + n) % n
		for _, op := range optionsAt(t, distance-1) {
			full := op.Braked == 0 && op.Blocked == 0 && len(op.Path) > 0 && h > 0 &&
				(g.Track.Spaces[op.End].Level-a+n)%n >= h
			if full || overtakes(g, t.Start(), op.Path, l.Space) {
				op.Cute = true
				charmed = append(charmed, op)
				cute[[2]int{int(op.End), len(op.Path)}] = true
			}
		}
	}
	for _, op := range optionsAt(t, distance) {
		if !overtakes(g, t.Start(), op.Path, l.Space) && !cute[[2]int{int(op.End), len(op.Path)}] {
			out = append(out, op)
		}
	}
	out = append(out, charmed...)
	if len(out) == 0 && distance > 1 {
		for _, op := range optionsAt(t, distance-1) {
			op.Cute = true
			out = append(out, op)
		}
	}
	return out
}

// drift is Jack's drift (U-DRV-02, AMB-28): once per move, when the
// move touches a corner zone (its start included), one space more or less
// for 1 tyre PS.
func drift(t fd.Turn) []fd.Option {
	g := t.Game()
	var out []fd.Option
	for _, d := range []int{1, -1} {
		if t.Distance()+d < 1 {
			continue
		}
		for _, op := range optionsCharmed(t, t.Distance()+d) {
			if op.Braked != 0 || op.Blocked != 0 || len(op.Path) == 0 {
				continue
			}
			if g.Track.Spaces[t.Start()].Corner < 0 && !g.TouchesCorner(op.Path) {
				continue
			}
			op.Drift = d
			op.Cost[fd.Tyres]++
			if op.Cost[fd.Tyres] > t.Car().Wear[fd.Tyres] {
				continue
			}
			out = append(out, op)
		}
	}
	return out
}

// adjacent lists the spaces around s: beside, ahead and behind, diagonals
// included (AMB-28: the 8 surrounding spaces).
func (m *streetRules) adjacent(g *fd.Game, s tracks.SpaceID) map[tracks.SpaceID]bool {
	out := map[tracks.SpaceID]bool{}
	for _, b := range g.Track.Beside(s) {
		out[b] = true
	}
	for _, n := range g.Track.Spaces[s].Next {
		out[n] = true
	}
	for _, p := range m.prev[s] {
		out[p] = true
	}
	delete(out, s)
	return out
}

// radioOptions offers Stanley's radio, once per race, at each car
// that will be adjacent to the end of his move (U-DRV-02, AMB-28: after
// his move, in his turn).
func (m *streetRules) radioOptions(g *fd.Game, c *fd.Car, base []fd.Option) []fd.Option {
	var out []fd.Option
	for _, op := range base {
		if op.Eliminated || op.End == tracks.NoSpace || g.Track.Spaces[op.End].Kind != tracks.KindTrack {
			continue
		}
		adj := m.adjacent(g, op.End)
		for i := range g.Cars {
			o := &g.Cars[i]
			if o != c && o.Status == fd.Racing && o.Space != tracks.NoSpace && adj[o.Space] {
				r := op
				r.Radio = o.Number
				out = append(out, r)
			}
		}
	}
	return out
}

// radioLoss is T-14.
func radioLoss(v int) fd.Category {
	switch {
	case v <= 4:
		return fd.Tyres
	case v <= 7:
		return fd.Brakes
	case v <= 10:
		return fd.Gearbox
	case v <= 13:
		return fd.Body
	case v <= 17:
		return fd.Engine
	}
	return fd.Handling
}

// radio throws Stanley's radio after his move (U-DRV-02, T-14,
// EX-F-45): the black die picks the category the target loses 1 PS of.
func (m *streetRules) radio(g *fd.Game, c, target *fd.Car, src dice.Source) error {
	if c.Status != fd.Racing || radioSpent.Of(c) || target.Status != fd.Racing || !m.adjacent(g, c.Space)[target.Space] {
		return nil
	}
	radioSpent.Set(c, true)
	g.Emit(fd.Encode(RadioEvent{Car: c.Number, Target: target.Number}))
	v, err := g.Black(src, c.Number, "radio")
	if err != nil {
		return err
	}
	g.Lose(target, radioLoss(v), 1, fmt.Sprintf("car radio of car %d (U-DRV-02, T-14)", c.Number))
	return nil
}

// tunnelSkip is the most levels one tunnel step jumps (U-TUN-01).
func tunnelSkip(g *fd.Game) int {
	most := 0
	for _, tu := range g.Track.Tunnels {
		most = max(most, g.Track.Spaces[tu.Exit].Level-g.Track.Spaces[tu.Entry].Level)
	}
	return most
}
