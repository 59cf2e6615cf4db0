package rs

import "slices"

// Standard-game rules on the file of cars, tested one by one (not yet
// wired into a playable standard race, doc.go).

// Trapped reports whether a car on square sq cannot stop when the safety
// car comes out with the pits open (R-SC-03, AMB-22): the leader is in the
// zone from the square after the pit exit to the pit entry (wrapping
// round the loop), and so is the car.
func Trapped(pitExit, pitEntry, lap, leader, sq int) bool {
	in := func(s int) bool {
		s = ((s % lap) + lap) % lap
		d := ((s-pitExit)%lap + lap) % lap           // squares past the exit
		span := ((pitEntry-pitExit)%lap + lap) % lap // exit+1 .. entry
		return d >= 1 && d <= span
	}
	return in(leader) && in(sq)
}

// CollisionVictims lists who may be the victim of a collision caused by
// resp (R-EVT-04, R-GRID-09, AMB-41): the cars directly ahead of and
// behind it in the file (front to back); with the system-cars-only option
// the nearest system car ahead and behind, skipping players. The rules
// then pick one at random; with none, there is no victim.
func CollisionVictims(file []*Car, resp *Car, systemOnly bool) []*Car {
	at := -1
	for i, c := range file {
		if c == resp {
			at = i
		}
	}
	if at < 0 {
		return nil
	}
	var out []*Car
	for i := at - 1; i >= 0; i-- {
		if !systemOnly || file[i].System() {
			out = append(out, file[i])
			break
		}
	}
	for i := at + 1; i < len(file); i++ {
		if !systemOnly || file[i].System() {
			out = append(out, file[i])
			break
		}
	}
	return out
}

// compareRolling runs the comparisons of a rolling start or restart
// (R-ROLL-04..06, AMB-18): no gaps, every pass needs a difference of at
// least low (the lowest die) anywhere on the circuit, and after each pass
// the passed car may be passed again by the car now behind it, then the
// passer may pass the next car ahead, each car making at most 2 passes and
// suffering at most 2. System cars never compare with each other. The
// order of attack is the normal one: players from the rear (R-CMP-01),
// a system car directly behind a player attacking him (R-CMP-03).
func (g *Game) compareRolling(low int) {
	made, suffered := map[*Car]int{}, map[*Car]int{}
	canPass := func(p, a *Car) bool {
		return p != nil && a != nil && !(p.System() && a.System()) &&
			made[p] < 2 && suffered[a] < 2 && p.speed-a.speed >= low
	}
	var chain func(p, a *Car)
	chain = func(p, a *Car) {
		g.emit(ev("pass", Public, "car", p.ID, "over", a.ID, "speed", p.speed, "against", a.speed, "need", low))
		g.swap(p, a)
		made[p]++
		suffered[a]++
		if b := g.behind(a); canPass(b, a) { // (1) the passed car again
			chain(b, a)
		}
		if n := g.ahead(p); canPass(p, n) { // (2) the passer on the next car
			chain(p, n)
		}
	}
	done := map[*Car]bool{}
	var p *Car
	for _, c := range g.File() {
		if !c.System() {
			p = c
		}
	}
	for p != nil {
		done[p] = true
		if a := g.ahead(p); made[p] == 0 && canPass(p, a) {
			chain(p, a)
		} else if b := g.behind(p); b != nil && b.System() && made[b] == 0 && canPass(b, p) {
			chain(b, p)
		}
		var next *Car
		f := g.File()
		for i := slices.Index(f, p) - 1; i >= 0; i-- {
			if !f[i].System() && !done[f[i]] {
				next = f[i]
				break
			}
		}
		p = next
	}
}

// groups18 is T-03's 18-car edition: how many cars each colour's group
// holds (the player's own car and the system cars copying him), colours
// in the table's order, as the digest infers them.
var groups18 = map[int][]int{
	1: {18},
	2: {9, 9},
	3: {6, 6, 6},
	4: {5, 5, 4, 4},
	5: {4, 4, 3, 3, 4},
	6: {3, 3, 3, 3, 3, 3},
	7: {3, 3, 2, 3, 2, 3, 2},
	8: {3, 3, 2, 2, 2, 2, 2, 2},
	9: {2, 2, 2, 2, 2, 2, 2, 2, 2},
}

// SystemCarsPerSeat is how many system cars follow each seat's strategy
// in the 18-car edition (R-SET-04, T-03): 3 players → 5 each; 4 players
// → 4, 4, 3, 3. With one player every other car follows him.
func SystemCarsPerSeat(players int) []int {
	g, ok := groups18[players]
	if !ok {
		return nil
	}
	out := make([]int, len(g))
	for i, n := range g {
		out[i] = n - 1
	}
	return out
}
