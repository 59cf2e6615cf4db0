package render

// adlerTerms is an Adler-32 kept as two sums over the bytes b_j at places
// j of the data: Σ b_j and Σ j·b_j, modulo 65521. Of n bytes, Adler-32's
// s1 is 1 + Σ b_j and its s2 n + Σ (n−j)·b_j, so the checksum is in the
// terms (sum), and the terms of a piece of the data add up alone. A board
// adds its rows run by run as it lays them, a run of n bytes of one value
// in a few operations, and the layer's unchanged rows by their terms
// made with the layer (issue 14: no pass over the 1.8 MB of rows a board
// compresses afresh).
type adlerTerms struct{ s0, s1 uint64 }

const adlerMod = 65521

// addRun adds n bytes of v at places at..at+n-1.
func (a *adlerTerms) addRun(v uint8, n, at int) {
	vv, nn := uint64(v), uint64(n)
	a.s0 += nn * vv
	a.s1 += vv * (nn*uint64(at) + nn*(nn-1)/2)
	if a.s1 >= 1<<62 || a.s0 >= 1<<62 {
		a.reduce()
	}
}

func (a *adlerTerms) reduce() { a.s0, a.s1 = a.s0%adlerMod, a.s1%adlerMod }

// addBytes adds (or, with minus, takes out) the bytes of p at places
// at..at+len(p)-1.
func (a *adlerTerms) addBytes(p []byte, at int, minus bool) {
	var t adlerTerms
	for j, b := range p {
		t.s0 += uint64(b)
		t.s1 += uint64(b) * uint64(at+j)
	}
	t.reduce()
	if minus {
		t.s0, t.s1 = (adlerMod-t.s0)%adlerMod, (adlerMod-t.s1)%adlerMod
	}
	a.s0 += t.s0
	a.s1 += t.s1
}

// addAt adds the terms of data made at place 0, for the data placed at at.
func (a *adlerTerms) addAt(o adlerTerms, at int) {
	o.reduce()
	a.s0 += o.s0
	a.s1 += o.s1 + uint64(at)%adlerMod*o.s0
	a.reduce()
}

// sum is the Adler-32 of n bytes with these terms.
func (a adlerTerms) sum(n int) uint32 {
	a.reduce()
	nn := uint64(n) % adlerMod
	s1 := (1 + a.s0) % adlerMod
	s2 := (nn + nn*a.s0 + adlerMod - a.s1) % adlerMod
	return uint32(s2)<<16 | uint32(s1)
}
