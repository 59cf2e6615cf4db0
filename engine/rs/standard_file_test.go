package rs

import (
	"testing"
)

// R-SC-03, AMB-22: the trapped zone runs from the square after the pit
// exit to the pit entry, round the loop; only when the leader is in it.
func TestTrappedBehindTheSafetyCar(t *testing.T) {
	// lap 80, pit exit 3, pit entry 70: zone 4..70
	for _, tc := range []struct {
		leader, sq int
		want       bool
	}{{10, 20, true}, {10, 70, true}, {10, 71, false}, {10, 3, false}, {75, 20, false}, {4, 4, true}, {90, 20, true}} {
		if got := Trapped(3, 70, 80, tc.leader, tc.sq); got != tc.want {
			t.Errorf("leader %d car %d: %v, want %v", tc.leader, tc.sq, got, tc.want)
		}
	}
	// a zone that wraps: exit 70, entry 5 → 71..79, 0..5
	if !Trapped(70, 5, 80, 75, 2) || Trapped(70, 5, 80, 75, 40) || Trapped(70, 5, 80, 40, 2) {
		t.Fatal("wrapping zone")
	}
}

// R-EVT-04, AMB-41: the victim is the car ahead or behind the responsible
// one; with the system-cars-only option the nearest system cars; the
// leader or the last car has one neighbour; none at all, no victim.
func TestCollisionVictims(t *testing.T) {
	sys := func(id int) *Car { return &Car{ID: id, Seat: -1} }
	pl := func(id int) *Car { return &Car{ID: id, Seat: 0} }
	file := []*Car{sys(1), pl(2), pl(3), sys(4), pl(5)}
	ids := func(cs []*Car) []int {
		var out []int
		for _, c := range cs {
			out = append(out, c.ID)
		}
		return out
	}
	if got := ids(CollisionVictims(file, file[2], false)); len(got) != 2 || got[0] != 2 || got[1] != 4 {
		t.Fatalf("neighbours %v", got)
	}
	if got := ids(CollisionVictims(file, file[2], true)); len(got) != 2 || got[0] != 1 || got[1] != 4 {
		t.Fatalf("system only %v", got)
	}
	if got := ids(CollisionVictims(file, file[0], false)); len(got) != 1 || got[0] != 2 {
		t.Fatalf("the leader %v", got)
	}
	if got := CollisionVictims([]*Car{pl(1), sys(2)}, &Car{ID: 2, Seat: -1}, true); len(got) != 0 {
		t.Fatal("a car not in the file")
	}
	two := []*Car{pl(1), pl(2)}
	if got := CollisionVictims(two, two[0], true); len(got) != 0 {
		t.Fatalf("no system car: %v", ids(got))
	}
}

// R-ROLL-04..06, AMB-18: at a rolling start any zone needs only the lowest
// die; the passed car may be passed again at once and the passer may go
// on, at most 2 passes made and 2 suffered per car; two system cars never
// compare. R-ROLL-06: passes made and suffered twice; R-ROLL-05: no gap
// opens.
func TestRollingStartMultiPass(t *testing.T) {
	// zone 7 everywhere: the normal rules would allow nothing
	c := testCircuit(nil)
	for i := range c.Squares {
		c.Squares[i] = 7
	}
	g := newFamily(t, 3, c, []int{1, 1, 1})
	// file, no gaps: sys 4 @ 14, player 1 @ 13, player 2 @ 12, player 3 @ 11, sys 5 @ 10
	place(g, map[int]int{4: 14, 1: 13, 2: 12, 3: 11, 5: 10})
	for id, s := range map[int]int{4: 293, 1: 294, 2: 296, 3: 300, 5: 300} {
		g.car(id).speed = s
	}
	g.compareRolling(2)
	// car 3 (rearmost player, 300) passes car 2 (296); car 2 is passed
	// again at once by system 5 (300), its second pass suffered; car 3
	// goes on past car 1 (294), its second and last pass; car 1 is passed
	// again by system 5, which has made its 2 passes; car 2 (296) cannot
	// pass car 1 (294), which has suffered 2; car 3 cannot pass system 4.
	if got := fileText(g); got != "4@14 3@13 5@12 1@11 2@10" {
		t.Fatalf("file %s", got)
	}
	// with low 0, equal speeds pass (Low = 0)
	g = newFamily(t, 2, c, []int{1, 1, 1})
	place(g, map[int]int{3: 14, 1: 13, 2: 12, 4: 11})
	for id, s := range map[int]int{3: 295, 1: 295, 2: 295, 4: 295} {
		g.car(id).speed = s
	}
	g.compareRolling(0)
	for _, car := range g.Cars {
		if car.Dist < 11 || car.Dist > 14 {
			t.Fatalf("a rolling start opened a gap: %s", fileText(g))
		}
	}
}

// R-SET-04, T-03: 18 cars shared out: 3 players have 5 system cars each,
// 4 players 4, 4, 3 and 3; always 18 cars in all.
func TestSystemCarsPerSeat(t *testing.T) {
	for p := 1; p <= 9; p++ {
		n := 0
		for _, k := range SystemCarsPerSeat(p) {
			n += k + 1
		}
		if n != 18 || len(SystemCarsPerSeat(p)) != p {
			t.Fatalf("%d players: %v", p, SystemCarsPerSeat(p))
		}
	}
	if got := SystemCarsPerSeat(3); got[0] != 5 || got[1] != 5 || got[2] != 5 {
		t.Fatalf("3 players: %v", got)
	}
	if got := SystemCarsPerSeat(4); got[0] != 4 || got[1] != 4 || got[2] != 3 || got[3] != 3 {
		t.Fatalf("4 players: %v", got)
	}
	if SystemCarsPerSeat(10) != nil {
		t.Fatal("10 players")
	}
}
