package render

import (
	"math"

	"git.sr.ht/~sbinet/gg"
)

// Geometry on the image, in pixels. Y grows downwards, as in the track model.

type vec = gg.Point

func add(a, b vec) vec             { return vec{X: a.X + b.X, Y: a.Y + b.Y} }
func sub(a, b vec) vec             { return vec{X: a.X - b.X, Y: a.Y - b.Y} }
func mul(a vec, k float64) vec     { return vec{X: a.X * k, Y: a.Y * k} }
func dot(a, b vec) float64         { return a.X*b.X + a.Y*b.Y }
func cross(a, b vec) float64       { return a.X*b.Y - a.Y*b.X }
func length(a vec) float64         { return math.Hypot(a.X, a.Y) }
func lerp(a, b vec, t float64) vec { return add(a, mul(sub(b, a), t)) }
func mid(a, b vec) vec             { return lerp(a, b, 0.5) }

func unit(a vec) vec {
	l := length(a)
	if l == 0 {
		return vec{}
	}
	return mul(a, 1/l)
}

// rot turns a by the angle (radians, clockwise on the image).
func rot(a vec, angle float64) vec {
	s, c := math.Sincos(angle)
	return vec{X: a.X*c - a.Y*s, Y: a.X*s + a.Y*c}
}

// rect is an axis-aligned box on the image.
type rect struct{ x0, y0, x1, y1 float64 }

func rectAt(cx, cy, w, h float64) rect {
	return rect{cx - w/2, cy - h/2, cx + w/2, cy + h/2}
}

func (r rect) w() float64          { return r.x1 - r.x0 }
func (r rect) h() float64          { return r.y1 - r.y0 }
func (r rect) center() vec         { return vec{X: (r.x0 + r.x1) / 2, Y: (r.y0 + r.y1) / 2} }
func (r rect) grow(d float64) rect { return rect{r.x0 - d, r.y0 - d, r.x1 + d, r.y1 + d} }

func (r rect) overlaps(o rect) bool {
	return r.x0 < o.x1 && o.x0 < r.x1 && r.y0 < o.y1 && o.y0 < r.y1
}

func (r rect) inside(o rect) bool {
	return r.x0 >= o.x0 && r.y0 >= o.y0 && r.x1 <= o.x1 && r.y1 <= o.y1
}

func (r rect) corners() [4]vec {
	return [4]vec{{X: r.x0, Y: r.y0}, {X: r.x1, Y: r.y0}, {X: r.x1, Y: r.y1}, {X: r.x0, Y: r.y1}}
}

// edgeToward returns the point where the segment from the centre of r to p
// leaves r, or the centre when p is inside.
func (r rect) edgeToward(p vec) vec {
	c := r.center()
	d := sub(p, c)
	t := math.Inf(1)
	if d.X != 0 {
		t = math.Min(t, (r.w()/2)/math.Abs(d.X))
	}
	if d.Y != 0 {
		t = math.Min(t, (r.h()/2)/math.Abs(d.Y))
	}
	if t >= 1 {
		return c
	}
	return add(c, mul(d, t))
}

func boundsOf(ps []vec) rect {
	r := rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, p := range ps {
		r.x0, r.y0 = math.Min(r.x0, p.X), math.Min(r.y0, p.Y)
		r.x1, r.y1 = math.Max(r.x1, p.X), math.Max(r.y1, p.Y)
	}
	return r
}

// convexOverlap reports whether two convex polygons overlap (separating
// axis test). Touching counts as not overlapping.
func convexOverlap(a, b []vec) bool {
	for _, poly := range [2][]vec{a, b} {
		for i := range poly {
			e := sub(poly[(i+1)%len(poly)], poly[i])
			axis := vec{X: -e.Y, Y: e.X}
			if axis.X == 0 && axis.Y == 0 {
				continue
			}
			amin, amax := project(a, axis)
			bmin, bmax := project(b, axis)
			if amax <= bmin || bmax <= amin {
				return false
			}
		}
	}
	return true
}

func project(poly []vec, axis vec) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, p := range poly {
		d := dot(p, axis)
		lo, hi = math.Min(lo, d), math.Max(hi, d)
	}
	return lo, hi
}

// clipSegment clips the segment a–b to a convex polygon (Cyrus–Beck).
func clipSegment(poly []vec, a, b vec) (vec, vec, bool) {
	area := 0.0
	for i := range poly {
		area += cross(poly[i], poly[(i+1)%len(poly)])
	}
	sign := 1.0
	if area < 0 {
		sign = -1
	}
	d := sub(b, a)
	t0, t1 := 0.0, 1.0
	for i := range poly {
		p, q := poly[i], poly[(i+1)%len(poly)]
		e := sub(q, p)
		// inside is where sign*cross(e, x-p) >= 0
		num := sign * cross(e, sub(a, p))
		den := sign * cross(e, d)
		if den == 0 {
			if num < 0 {
				return a, b, false
			}
			continue
		}
		t := -num / den
		if den > 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
		if t0 > t1 {
			return a, b, false
		}
	}
	return add(a, mul(d, t0)), add(a, mul(d, t1)), true
}

// hatch returns parallel segments across a convex polygon, spaced gap
// pixels apart, at 45° (rising to the right), anchored on the image so that
// neighbouring polygons' hatches line up.
func hatch(poly []vec, gap float64) [][2]vec {
	bb := boundsOf(poly)
	// lines x + y = k
	var out [][2]vec
	lo := math.Floor((bb.x0+bb.y0)/gap) * gap
	for k := lo; k <= bb.x1+bb.y1; k += gap {
		a := vec{X: k - bb.y1, Y: bb.y1}
		b := vec{X: k - bb.y0, Y: bb.y0}
		if p, q, ok := clipSegment(poly, a, b); ok && length(sub(q, p)) > 0.5 {
			out = append(out, [2]vec{p, q})
		}
	}
	return out
}

// spaceShape is a space's outline on the image. The builder's corner
// spaces are ring sectors: their rear and front edges are radial, so their
// sides are drawn as arcs about the point where those edges meet; spaces
// side by side then share one circle, with no slivers between lanes. Other
// spaces keep their four straight sides.
type spaceShape struct {
	left, right []vec // the sides, rear to front
	outline     []vec // rear edge, right side, front edge, left side
}

// arcStep is the longest straight piece of a flattened arc, in pixels.
const arcStep = 3.0

func shapeOf(q []vec) spaceShape {
	left, right := []vec{q[0], q[3]}, []vec{q[1], q[2]}
	if c, ok := radialCentre(q); ok {
		left, right = arc(c, q[0], q[3]), arc(c, q[1], q[2])
	}
	out := append([]vec(nil), right...)
	out = append([]vec{q[0]}, out...)
	for i := len(left) - 1; i > 0; i-- {
		out = append(out, left[i])
	}
	return spaceShape{left: left, right: right, outline: out}
}

// radialCentre finds where the lines through the rear edge and the front
// edge meet, when the sides are arcs about that point.
func radialCentre(q []vec) (vec, bool) {
	d1, d2 := sub(q[1], q[0]), sub(q[2], q[3])
	den := cross(d1, d2)
	if math.Abs(den) < 1e-6*length(d1)*length(d2) {
		return vec{}, false // parallel: a straight piece
	}
	t := cross(sub(q[3], q[0]), d2) / den
	c := add(q[0], mul(d1, t))
	// both sides must be arcs about c (equal radii at both ends), and the
	// corner not absurdly gentle
	for _, pair := range [2][2]vec{{q[0], q[3]}, {q[1], q[2]}} {
		r0, r1 := length(sub(pair[0], c)), length(sub(pair[1], c))
		if math.Abs(r0-r1) > 0.01*math.Max(r0, r1)+0.5 || r0 > 1e5 {
			return vec{}, false
		}
	}
	return c, true
}

// arc flattens the arc about c from a to b (the short way round).
func arc(c, a, b vec) []vec {
	t0 := math.Atan2(a.Y-c.Y, a.X-c.X)
	t1 := math.Atan2(b.Y-c.Y, b.X-c.X)
	d := math.Remainder(t1-t0, 2*math.Pi)
	r0, r1 := length(sub(a, c)), length(sub(b, c))
	n := max(1, int(math.Ceil(math.Abs(d)*math.Max(r0, r1)/arcStep)))
	out := make([]vec, 0, n+1)
	out = append(out, a)
	for i := 1; i < n; i++ {
		f := float64(i) / float64(n)
		s, co := math.Sincos(t0 + d*f)
		r := r0 + (r1-r0)*f
		out = append(out, vec{X: c.X + r*co, Y: c.Y + r*s})
	}
	return append(out, b)
}

// area2 is twice the signed area of a polygon.
func area2(ps []vec) float64 {
	a := 0.0
	for i := range ps {
		a += cross(ps[i], ps[(i+1)%len(ps)])
	}
	return a
}

// grow offsets a closed polygon outwards by d pixels, with mitred corners
// (bevelled where the corner is sharp). The result has positive area, so
// that the grown outlines of many spaces fill as their union.
func grow(ps []vec, d float64) []vec {
	if area2(ps) < 0 {
		r := make([]vec, len(ps))
		for i, p := range ps {
			r[len(ps)-1-i] = p
		}
		ps = r
	}
	// drop repeated points, which have no direction
	clean := make([]vec, 0, len(ps))
	for i, p := range ps {
		if length(sub(p, ps[(i+len(ps)-1)%len(ps)])) > 1e-9 {
			clean = append(clean, p)
		}
	}
	if len(clean) < 3 {
		return ps
	}
	n := len(clean)
	out := make([]vec, 0, n+4)
	normal := func(a, b vec) vec { e := unit(sub(b, a)); return vec{X: e.Y, Y: -e.X} }
	for i, p := range clean {
		n1 := normal(clean[(i+n-1)%n], p)
		n2 := normal(p, clean[(i+1)%n])
		c := 1 + dot(n1, n2)
		if c < 0.5 { // sharper than 120° turn: bevel
			out = append(out, add(p, mul(n1, d)), add(p, mul(n2, d)))
			continue
		}
		out = append(out, add(p, mul(add(n1, n2), d/c)))
	}
	return out
}
