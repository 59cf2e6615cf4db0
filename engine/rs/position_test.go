package rs

import (
	"math/rand/v2"
	"testing"
)

// The position primitives (R-POS-04..09) keep R-POS-01 (one car a
// square), R-POS-02 (the file is the order of distances) and R-POS-03 (gaps
// are the empty squares between, never negative) over thousands of random
// sequences: never two cars on one square (so no negative gap), never a
// car lost, and the ones that promise it keep the order of the others.
func TestPositionPrimitivesProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 29))
	for run := range 2000 {
		g := newFamily(t, 2+run%5, testCircuit(nil), []int{1, 1, 1})
		for i, c := range g.Cars {
			c.Dist = 100 + 3*i - rng.IntN(3)
		}
		// make distances distinct
		seen := map[int]bool{}
		for _, c := range g.Cars {
			for seen[c.Dist] {
				c.Dist--
			}
			seen[c.Dist] = true
		}
		for step := range 30 {
			c := g.Cars[rng.IntN(len(g.Cars))]
			op := rng.IntN(5)
			before := g.File()
			switch op {
			case 0:
				g.dropBack(c, 1+rng.IntN(15))
			case 1:
				g.advance(c, 1+rng.IntN(3))
			case 2:
				if a := g.ahead(c); a != nil {
					g.swap(c, a)
				}
			case 3:
				if gap := g.Gap(c); gap > 0 {
					g.reduceGap(c, 1+rng.IntN(gap))
				}
			case 4:
				g.closeUp()
			}
			after := g.File()
			if len(after) != len(before) {
				t.Fatalf("run %d step %d: %d cars, then %d", run, step, len(before), len(after))
			}
			squares := map[int]int{}
			for _, x := range after {
				if o, ok := squares[x.Dist]; ok {
					t.Fatalf("run %d step %d op %d: cars %d and %d share %d", run, step, op, o, x.ID, x.Dist)
				}
				squares[x.Dist] = x.ID
				if g.Gap(x) < 0 {
					t.Fatalf("negative gap")
				}
			}
			if op == 3 || op == 4 { // closing gaps never reorders
				for i := range after {
					if after[i] != before[i] {
						t.Fatalf("run %d step %d op %d reordered the file", run, step, op)
					}
				}
			}
		}
	}
}
