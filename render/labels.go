package render

import (
	"fmt"
	"math"
	"sort"

	"github.com/pitwall/pitwall/tracks"
)

// Labels: corner names with their stops, and the START and POLICE tags.
// Each is placed where it covers no space and no other label.

// drawPoliceLabel names the police line beyond whichever end has room.
func (b *board) drawPoliceLabel() {
	a, z, ok := b.policeLine()
	if !ok {
		return
	}
	u := unit(sub(z, a))
	ends := []anchor{{z, u}, {a, mul(u, -1)}}
	b.tag(ends, "POLICE", colPolice, nil)
}

// drawStartLabel puts a START tag beside the start/finish line, with an
// arrow in the driving direction.
func (b *board) drawStartLabel() {
	var row []int
	for _, i := range b.crossedInto() {
		if b.c.Spaces[i].Kind == tracks.KindTrack {
			row = append(row, i)
		}
	}
	if len(row) == 0 {
		return
	}
	sort.Slice(row, func(i, j int) bool { return b.c.Spaces[row[i]].Offset < b.c.Spaces[row[j]].Offset })
	ql, qr := b.quads[row[0]], b.quads[row[len(row)-1]]
	a, z := ql[0], qr[1]
	u := unit(sub(z, a))
	fwd := unit(sub(ql[3], ql[0]))
	ends := []anchor{{z, u}, {a, mul(u, -1)}}
	b.tag(ends, "START", colBand, &fwd)
}

// tag draws a small label with white bold text on a coloured box, placed
// near the first anchor that has room, with an arrow after the text when
// arrow is given.
func (b *board) tag(anchors []anchor, text string, col hexColor, arrow *vec) {
	pad := 8 * b.k
	aw := 0.0
	if arrow != nil {
		aw = 24 * b.k
	}
	bw, bh := measure(b.fLabel, text)+2*pad+aw, 28*b.k
	box, from, _ := b.place(anchors, bw, bh)
	b.leader(box, anchors[from].p)
	dc := b.dc
	dc.DrawRoundedRectangle(box.x0, box.y0, box.w(), box.h(), 4*b.k)
	dc.SetColor(col)
	dc.FillPreserve()
	dc.SetColor(colWhite)
	dc.SetLineWidth(1.5 * b.k)
	dc.Stroke()
	ctr := box.center()
	b.text(b.fLabel, text, box.x0+pad, ctr.Y+capHeight(b.fLabel)/2, colWhite)
	if arrow != nil {
		// a shaft and a head pointing along the driving direction
		c := vec{X: box.x1 - pad - aw/2 + 2*b.k, Y: ctr.Y}
		d := *arrow
		n := vec{X: -d.Y, Y: d.X}
		l := 9 * b.k
		tip, tail, neck := add(c, mul(d, l)), sub(c, mul(d, l)), add(c, mul(d, 0.1*l))
		dc.MoveTo(tail.X, tail.Y)
		dc.LineTo(neck.X, neck.Y)
		dc.SetColor(colWhite)
		dc.SetLineWidth(3 * b.k)
		dc.Stroke()
		p1, p2 := add(c, mul(n, 0.7*l)), sub(c, mul(n, 0.7*l))
		dc.MoveTo(tip.X, tip.Y)
		dc.LineTo(p1.X, p1.Y)
		dc.LineTo(p2.X, p2.Y)
		dc.ClosePath()
		dc.Fill()
	}
}

// anchor is a point on the track's edge with the outward direction along
// which a label may be pushed.
type anchor struct {
	p, out vec
}

// place finds room for a w×h label near one of the anchors (the first
// preferred): off the track, off other labels and inside the board. It
// returns the box and the anchor it belongs to; false means nothing fitted
// and the box is the best compromise (the fewest spaces and labels
// covered, or the first choice pushed inside the board).
func (b *board) place(anchors []anchor, w, h float64) (rect, int, bool) {
	area := rect{6 * b.k, b.header + 6*b.k, b.w - 6*b.k, b.h - b.footer - 6*b.k}
	clear := 7 * b.k
	type cand struct {
		box    rect
		score  float64
		hits   int
		anchor int
	}
	best, fallback := cand{score: math.Inf(1)}, cand{score: math.Inf(1), hits: math.MaxInt}
	angles := []float64{0, 20, -20, 40, -40, 60, -60, 80, -80}
	for ai, a := range anchors {
		for _, deg := range angles {
			d := rot(a.out, deg*math.Pi/180)
			extent := (math.Abs(d.X)*w + math.Abs(d.Y)*h) / 2
			for step := range 12 {
				dist := clear + float64(step)*10*b.k
				ctr := add(a.p, mul(d, dist+extent))
				box := rectAt(ctr.X, ctr.Y, w, h)
				score := dist + 1.2*math.Abs(deg)*b.k + 30*float64(ai)*b.k
				if score >= best.score {
					continue
				}
				if !box.inside(area) {
					continue
				}
				hits := b.collisions(box.grow(clear - 1))
				if hits == 0 {
					best = cand{box, score, 0, ai}
				} else if hits < fallback.hits || (hits == fallback.hits && score < fallback.score) {
					fallback = cand{box, score, hits, ai}
				}
			}
		}
	}
	if !math.IsInf(best.score, 1) {
		b.placed = append(b.placed, best.box)
		return best.box, best.anchor, true
	}
	if fallback.hits != math.MaxInt {
		b.placed = append(b.placed, fallback.box)
		return fallback.box, fallback.anchor, false
	}
	// nothing inside the board: clamp the first choice into it
	a := anchors[0]
	ctr := add(a.p, mul(a.out, clear+(math.Abs(a.out.X)*w+math.Abs(a.out.Y)*h)/2))
	box := rectAt(ctr.X, ctr.Y, w, h)
	dx := math.Max(area.x0-box.x0, 0) - math.Max(box.x1-area.x1, 0)
	dy := math.Max(area.y0-box.y0, 0) - math.Max(box.y1-area.y1, 0)
	box = rect{box.x0 + dx, box.y0 + dy, box.x1 + dx, box.y1 + dy}
	b.placed = append(b.placed, box)
	return box, 0, false
}

// collisions counts the spaces and labels a box would cover.
func (b *board) collisions(box rect) int {
	n := 0
	for _, p := range b.placed {
		if p.overlaps(box) {
			n++
		}
	}
	poly := box.corners()
	for i, qb := range b.qboxes {
		if qb.overlaps(box) && convexOverlap(poly[:], b.quads[i]) {
			n++
		}
	}
	return n
}

// leader draws a thin line from the nearest of the points to the box, when
// the box does not touch it.
func (b *board) leader(box rect, points ...vec) {
	best, bd := vec{}, math.Inf(1)
	for _, p := range points {
		if d := length(sub(box.edgeToward(p), p)); d < bd {
			best, bd = p, d
		}
	}
	if bd < 4*b.k {
		return
	}
	e := box.edgeToward(best)
	b.dc.MoveTo(best.X, best.Y)
	b.dc.LineTo(e.X, e.Y)
	b.dc.SetColor(colInk)
	b.dc.SetLineWidth(1.6 * b.k)
	b.dc.Stroke()
	b.dc.DrawCircle(best.X, best.Y, 3*b.k)
	b.dc.Fill()
}

// drawCornerLabel draws a corner's name and required stops (the yellow box
// of the printed boards, formula-d-2008.md §6.2) outside the corner, near
// its middle.
func (b *board) drawCornerLabel(i int, k *tracks.Corner) {
	c := b.c
	outer, outsideLeft := outerSpaces(c, k)
	if len(outer) == 0 {
		return
	}
	centroid := vec{}
	for i := range c.Spaces {
		centroid = add(centroid, b.px(c.Spaces[i].Center))
	}
	centroid = mul(centroid, 1/float64(len(c.Spaces)))
	// anchors: the outer edge of the middle space first, then its
	// neighbours, alternating
	var anchors []anchor
	for _, j := range fromMiddle(len(outer), 7) {
		id := outer[j]
		side := b.shapes[id].right
		if outsideLeft {
			side = b.shapes[id].left
		}
		edge := side[len(side)/2]
		if len(side)%2 == 0 {
			edge = mid(side[len(side)/2-1], side[len(side)/2])
		}
		out := unit(sub(edge, b.px(c.Space(id).Center)))
		if out == (vec{}) {
			out = unit(sub(edge, centroid))
		}
		anchors = append(anchors, anchor{edge, out})
	}
	stops := fmt.Sprint(k.Stops)
	name := cornerName(k)
	sq := math.Round(34 * b.k)
	pad := 9 * b.k
	box, from, _ := b.place(anchors, b.cornerLabelWidth(k), sq)
	b.cornerBoxes[i] = box
	b.leader(box, anchors[from].p)
	dc := b.dc
	lw := 1.6 * b.k
	// name tag, then the yellow box over its left end
	dc.DrawRoundedRectangle(box.x0, box.y0, box.w(), box.h(), 5*b.k)
	dc.SetColor(colNameTag)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(lw)
	dc.Stroke()
	dc.DrawRoundedRectangle(box.x0, box.y0, sq, sq, 5*b.k)
	dc.SetColor(colStopsBox)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.Stroke()
	b.textCentered(b.fStops, stops, box.x0+sq/2, box.y0+sq/2, colInk)
	b.text(b.fLabel, name, box.x0+sq+pad, box.y0+sq/2+capHeight(b.fLabel)/2, colInk)
}

// outerSpaces lists a corner's outer-lane spaces in driving order, and
// whether the outside is left of the driving direction.
func outerSpaces(c *tracks.Circuit, k *tracks.Corner) ([]tracks.SpaceID, bool) {
	far := 0
	for _, id := range k.Spaces {
		far = max(far, abs(c.Space(id).Lane-k.InsideLane))
	}
	var outer []tracks.SpaceID
	for _, id := range k.Spaces {
		if abs(c.Space(id).Lane-k.InsideLane) == far {
			outer = append(outer, id)
		}
	}
	if len(outer) == 0 {
		return nil, false
	}
	sort.SliceStable(outer, func(i, j int) bool { return c.Space(outer[i]).Level < c.Space(outer[j]).Level })
	// the outside is left when the inside lane is to the right (or, on a
	// one-lane corner, when it turns right)
	left := c.Space(outer[0]).Lane < k.InsideLane || (far == 0 && k.Direction == tracks.Right)
	return outer, left
}

// fromMiddle lists up to n indices of a slice of length l, from the middle
// outwards, alternating after and before.
func fromMiddle(l, n int) []int {
	m := l / 2
	out := []int{}
	for d := 0; len(out) < min(l, n); d++ {
		if m+d < l {
			out = append(out, m+d)
		}
		if d > 0 && m-d >= 0 && len(out) < min(l, n) {
			out = append(out, m-d)
		}
	}
	return out
}

// needsSideRoom reports whether a corner's label goes left or right of the
// board: its outside faces sideways at a corner near the left or right
// end of the circuit.
func needsSideRoom(c *tracks.Circuit, k *tracks.Corner, lo, hi tracks.Point) bool {
	outer, left := outerSpaces(c, k)
	if len(outer) == 0 {
		return false
	}
	s := c.Space(outer[len(outer)/2])
	edgeX := (s.Quad[1].X + s.Quad[2].X) / 2
	if left {
		edgeX = (s.Quad[0].X + s.Quad[3].X) / 2
	}
	span := hi.X - lo.X
	nearEnd := s.Center.X-lo.X < 0.15*span || hi.X-s.Center.X < 0.15*span
	// the edge is half a lane from the centre: mostly sideways past 0.4
	return math.Abs(edgeX-s.Center.X) > 0.4 && nearEnd
}

func cornerName(k *tracks.Corner) string {
	if k.Name == "" {
		return k.ID
	}
	return k.Name
}

// cornerLabelWidth is the width of a corner's label: the yellow box and
// the name tag.
func (b *board) cornerLabelWidth(k *tracks.Corner) float64 {
	return math.Round(34*b.k) + measure(b.fLabel, cornerName(k)) + 18*b.k
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
