package dice

import (
	"errors"
	"fmt"
	"testing"
)

// Counters numbers rolls exactly as the unbounded map of (play, car,
// purpose) it replaces, over a long scripted race, while keeping only the
// counters of the current play.
func TestCountersNumberAsTheUnboundedMap(t *testing.T) {
	var c Counters
	ref := map[string]int{}
	purposes := []string{"gear", "collision", "engine", "weather"}
	maxLen := 0
	for play := 1; play <= 5000; play++ {
		// a few rolls per play, some purposes rolled several times
		for i := range 3 + play%5 {
			car, purpose := 1+(play+i)%10, purposes[(play*7+i)%len(purposes)]
			want := ref[fmt.Sprintf("%d/%d/%s", play, car, purpose)]
			ref[fmt.Sprintf("%d/%d/%s", play, car, purpose)]++
			got, err := c.Next(play, car, purpose)
			if err != nil {
				t.Fatalf("play %d car %d %s: %v", play, car, purpose, err)
			}
			if got != want {
				t.Fatalf("play %d car %d %s: counter %d, the unbounded map gives %d", play, car, purpose, got, want)
			}
		}
		maxLen = max(maxLen, c.Len())
	}
	if len(ref) < 10000 {
		t.Fatalf("the reference map holds %d keys; the script should make it grow", len(ref))
	}
	if maxLen > 7 {
		t.Fatalf("Counters held up to %d counters; want only the current play's (at most 7 rolls a play here)", maxLen)
	}
}

// Plays only move forward: a roll for an earlier play is refused rather
// than numbered from 0 again, which would repeat a used key (and its roll).
func TestCountersRefuseAnEarlierPlay(t *testing.T) {
	var c Counters
	for _, play := range []int{3, 3, 4} {
		if _, err := c.Next(play, 1, "gear"); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := c.Next(3, 1, "gear"); !errors.Is(err, ErrInvalidKey) {
		t.Fatalf("play 3 after play 4: counter %d, err %v; want ErrInvalidKey", n, err)
	}
	if n, err := c.Next(4, 1, "gear"); err != nil || n != 1 {
		t.Fatalf("second gear roll of play 4: %d, %v; want 1", n, err)
	}
	// play 0 is a play like any other (a game's setup rolls)
	var z Counters
	for want := range 3 {
		if n, err := z.Next(0, 2, "start"); err != nil || n != want {
			t.Fatalf("play 0 roll %d: %d, %v", want, n, err)
		}
	}
}

// A clone counts on its own.
func TestCountersClone(t *testing.T) {
	var c Counters
	if _, err := c.Next(1, 1, "gear"); err != nil {
		t.Fatal(err)
	}
	d := c.Clone()
	if n, _ := d.Next(1, 1, "gear"); n != 1 {
		t.Fatalf("clone's second roll: %d, want 1", n)
	}
	if _, err := d.Next(2, 1, "gear"); err != nil {
		t.Fatal(err)
	}
	if n, err := c.Next(1, 1, "gear"); err != nil || n != 1 {
		t.Fatalf("original after the clone moved on: %d, %v; want 1", n, err)
	}
}

// BenchmarkCountersRace numbers the rolls of a long race (1,500 plays of
// 10 cars): the memory stays that of one play.
func BenchmarkCountersRace(b *testing.B) {
	for b.Loop() {
		var c Counters
		for play := 1; play <= 1500; play++ {
			for car := 1; car <= 10; car++ {
				if _, err := c.Next(play, car, "gear"); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(c.Len()), "counters-kept")
	}
}
