package main

import (
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// sim's race, a 10-car 3-lap race on kestrel-downs, played through the
// contract (autopilotRace) and by fd.Simulate: sim must not be more than
// 10 % slower than Simulate (issue 13).
func BenchmarkSimRace(b *testing.B) {
	circuit, err := tracks.Get("kestrel-downs")
	if err != nil {
		b.Fatal(err)
	}
	cfg := fd.ConfigFor(fd.FD2008)
	cfg.Laps = 3
	seed := fd.SeedFrom("bench")
	b.Run("contract", func(b *testing.B) {
		for b.Loop() {
			g, err := fd.NewGame(fd.GameIDFor(seed), cfg, circuit, 10)
			if err != nil {
				b.Fatal(err)
			}
			random := dice.NewSeeded(seed)
			if err := g.Start(random); err != nil {
				b.Fatal(err)
			}
			if err := autopilotRace(fd.NewContract(g, sayPhrase), random); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("simulate", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := fd.Simulate(cfg, circuit, "kestrel-downs", 10, seed); err != nil {
				b.Fatal(err)
			}
		}
	})
}
