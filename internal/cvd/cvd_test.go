package cvd

import (
	"math"
	"testing"
)

// Sharma, Wu and Dalal's CIEDE2000 test data (pairs 1, 7, 17, 25).
func TestDeltaE2000AgainstSharma(t *testing.T) {
	for _, c := range []struct {
		a, b Lab
		want float64
	}{
		{Lab{50, 2.6772, -79.7751}, Lab{50, 0, -82.7485}, 2.0425},
		{Lab{50, 0, 0}, Lab{50, -1, 2}, 2.3669},
		{Lab{50, 2.5, 0}, Lab{73, 25, -18}, 27.1492},
		{Lab{60.2574, -34.0099, 36.2677}, Lab{60.4626, -34.1751, 39.4387}, 1.2644},
	} {
		if got := DeltaE2000(c.a, c.b); math.Abs(got-c.want) > 1e-4 {
			t.Errorf("ΔE2000(%v, %v) = %.4f, want %.4f", c.a, c.b, got, c.want)
		}
		if got := DeltaE2000(c.b, c.a); math.Abs(got-c.want) > 1e-4 {
			t.Errorf("ΔE2000 is not symmetric for %v, %v: %.4f", c.b, c.a, got)
		}
	}
}

func TestContrastAsWCAGDefinesIt(t *testing.T) {
	white, black := RGB{255, 255, 255}, RGB{0, 0, 0}
	if got := Contrast(black, white); math.Abs(got-21) > 1e-9 {
		t.Errorf("black on white: %v, want 21", got)
	}
	if got := Contrast(white, white); got != 1 {
		t.Errorf("white on white: %v, want 1", got)
	}
	// #767676 is the lightest grey that passes AA on white, #777777 fails
	if got := Contrast(U32(0x767676), white); got < 4.5 {
		t.Errorf("#767676 on white: %.3f, want ≥ 4.5", got)
	}
	if got := Contrast(U32(0x777777), white); got >= 4.5 {
		t.Errorf("#777777 on white: %.3f, want < 4.5", got)
	}
}

func TestSimulate(t *testing.T) {
	// greys stay greys (each matrix row sums to 1), for every vision
	for _, v := range Visions {
		for _, g := range []uint8{0, 64, 128, 255} {
			c := RGB{g, g, g}
			s := Simulate(v, c)
			if d := DeltaE2000(ToLab(c), ToLab(s)); d > 1 {
				t.Errorf("%v: grey %v becomes %v", v, c, s)
			}
		}
	}
	// the classic confusions: red and green collapse for protan and
	// deutan readers, blue and green for tritan readers; not for others
	red, green := U32(0xCC3333), U32(0x669900)
	if n, d := Distance(Normal, red, green), Distance(Deuteranopia, red, green); d > n/2 {
		t.Errorf("deuteranopia keeps red and green apart: %.1f (normal %.1f)", d, n)
	}
	if n, p := Distance(Normal, red, green), Distance(Protanopia, red, green); p > n/2 {
		t.Errorf("protanopia keeps red and green apart: %.1f (normal %.1f)", p, n)
	}
	if d := Distance(Tritanopia, red, green); d < 20 {
		t.Errorf("tritanopia confuses red and green: %.1f", d)
	}
}

func TestHex(t *testing.T) {
	for in, want := range map[string]RGB{"#0072b2": {0, 0x72, 0xB2}, "FFFFFF": {255, 255, 255}, "#abc": {0xAA, 0xBB, 0xCC}} {
		got, err := Hex(in)
		if err != nil || got != want {
			t.Errorf("Hex(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "#12345", "#GGGGGG", "red", "#1234567"} {
		if _, err := Hex(bad); err == nil {
			t.Errorf("Hex(%q) accepted", bad)
		}
	}
}

func FuzzHex(f *testing.F) {
	for _, s := range []string{"#0072b2", "abc", "", "#-12345", " #FFF "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Hex(s)
		if err != nil {
			return
		}
		back, err := Hex(c.String())
		if err != nil || back != c {
			t.Fatalf("%q: %v does not round-trip (%v, %v)", s, c, back, err)
		}
	})
}
