package dice

import (
	"errors"
	"slices"
	"testing"
)

func testSeed(b byte) [SeedSize]byte {
	var s [SeedSize]byte
	for i := range s {
		s[i] = b + byte(i)
	}
	return s
}

func TestSeededShuffleIsAPermutationAndDeterministic(t *testing.T) {
	s := NewSeeded(testSeed(7))
	k := Key{Game: "g", Play: 3, Car: 0, Purpose: "deck-risk"}
	for _, n := range []int{0, 1, 2, 8, 24, 72} {
		a, err := s.Shuffle(k, n)
		if err != nil {
			t.Fatal(err)
		}
		if err := ValidPerm(a.Perm); err != nil || len(a.Perm) != n {
			t.Fatalf("n=%d: %v (%v)", n, a.Perm, err)
		}
		b, err := s.Shuffle(k, n)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(a.Perm, b.Perm) {
			t.Fatalf("n=%d: two shuffles at one key differ: %v %v", n, a.Perm, b.Perm)
		}
		if err := VerifyShuffle(testSeed(7), a); err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
	}
}

func TestShuffleDependsOnKeyAndSeed(t *testing.T) {
	k := Key{Game: "g", Play: 1, Purpose: "deck"}
	a, _ := NewSeeded(testSeed(1)).Shuffle(k, 24)
	b, _ := NewSeeded(testSeed(2)).Shuffle(k, 24)
	k2 := k
	k2.Counter = 1
	c, _ := NewSeeded(testSeed(1)).Shuffle(k2, 24)
	if slices.Equal(a.Perm, b.Perm) || slices.Equal(a.Perm, c.Perm) {
		t.Fatalf("24-card shuffles collide across seeds or keys: %v %v %v", a.Perm, b.Perm, c.Perm)
	}
}

func TestVerifyShuffleRejectsATamperedOrder(t *testing.T) {
	k := Key{Game: "g", Purpose: "deck"}
	sh, _ := NewSeeded(testSeed(3)).Shuffle(k, 12)
	sh.Perm[0], sh.Perm[1] = sh.Perm[1], sh.Perm[0]
	if err := VerifyShuffle(testSeed(3), sh); !errors.Is(err, ErrShuffleMismatch) {
		t.Fatalf("tampered order: got %v, want ErrShuffleMismatch", err)
	}
	sh.Perm[0] = sh.Perm[1]
	if err := VerifyShuffle(testSeed(3), sh); !errors.Is(err, ErrInvalidShuffle) {
		t.Fatalf("not a permutation: got %v, want ErrInvalidShuffle", err)
	}
}

// Every card is equally likely at the top: a chi-square over many keys.
func TestSeededShuffleTopCardIsUniform(t *testing.T) {
	const n, trials = 8, 16000
	s := NewSeeded(testSeed(9))
	var count [n]int
	for i := range trials {
		sh, err := s.Shuffle(Key{Game: "u", Play: i, Purpose: "deck"}, n)
		if err != nil {
			t.Fatal(err)
		}
		count[sh.Perm[0]]++
	}
	exp := float64(trials) / n
	chi := 0.0
	for _, c := range count {
		d := float64(c) - exp
		chi += d * d / exp
	}
	// 7 degrees of freedom: P(chi2 > 24.3) < 0.001.
	if chi > 24.3 {
		t.Fatalf("top-card counts %v: chi-square %.1f", count, chi)
	}
}

func TestScriptedShuffles(t *testing.T) {
	s := NewScriptedShuffles([]int{2, 0, 1}, nil)
	k := Key{Game: "g", Purpose: "deck"}
	a, err := s.Shuffle(k, 3)
	if err != nil || !slices.Equal(a.Perm, []int{2, 0, 1}) {
		t.Fatalf("first: %v %v", a.Perm, err)
	}
	b, err := s.Shuffle(k, 4)
	if err != nil || !slices.Equal(b.Perm, []int{0, 1, 2, 3}) {
		t.Fatalf("nil entry: %v %v", b.Perm, err)
	}
	c, err := s.Shuffle(k, 2)
	if err != nil || !slices.Equal(c.Perm, []int{0, 1}) {
		t.Fatalf("exhausted: %v %v", c.Perm, err)
	}
	bad := NewScriptedShuffles([]int{0, 0})
	if _, err := bad.Shuffle(k, 2); !errors.Is(err, ErrInvalidShuffle) {
		t.Fatalf("bad script: %v", err)
	}
	short := NewScriptedShuffles([]int{0})
	if _, err := short.Shuffle(k, 2); !errors.Is(err, ErrInvalidShuffle) {
		t.Fatalf("wrong size: %v", err)
	}
}

func FuzzValidPerm(f *testing.F) {
	f.Add([]byte{0, 1, 2})
	f.Add([]byte{1, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		p := make([]int, len(b))
		for i, v := range b {
			p[i] = int(v)
		}
		err := ValidPerm(p)
		sorted := slices.Sorted(slices.Values(p))
		ok := true
		for i, v := range sorted {
			if v != i {
				ok = false
			}
		}
		if (err == nil) != ok {
			t.Fatalf("ValidPerm(%v) = %v, permutation %v", p, err, ok)
		}
	})
}

func BenchmarkSeededShuffle72(b *testing.B) {
	s := NewSeeded(testSeed(5))
	k := Key{Game: "g", Purpose: "deck"}
	for b.Loop() {
		if _, err := s.Shuffle(k, 72); err != nil {
			b.Fatal(err)
		}
	}
}
