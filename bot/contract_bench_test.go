package bot

import (
	"context"
	"testing"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// BenchmarkRSStatusLateInRace: a player's status in a standard Racing
// Simulator race (2 players, 18 cars) at turn 20, about 850 record lines:
// the game is rebuilt from its whole record for every command, as a
// contract game keeps no snapshot (bot/contract_game.go).
func BenchmarkRSStatusLateInRace(b *testing.B) {
	ctx := context.Background()
	store := memory.New()
	defer store.Close()
	svc := New(Options{Store: store})
	defer svc.Close()
	id, err := svc.Create(ctx, CreateRequest{Game: gameRS, Mode: "standard", Optional: []string{"quick-start"}, Track: "cragsby", Seats: []string{"Anna", "ai:pro"}, Seed: "bench-rs"})
	if err != nil {
		b.Fatal(err)
	}
	for {
		var turn int
		if err := store.View(ctx, func(tx persistence.ReadTx) error {
			l, err := svc.loadServed(tx, id)
			if err == nil {
				turn = l.game.Pending()[0].Turn
			}
			return err
		}); err != nil {
			b.Fatal(err)
		}
		if turn >= 20 {
			break
		}
		if _, err := svc.Autoplay(ctx, id, 1); err != nil {
			b.Fatal(err)
		}
	}
	req := Request{Identity: cli("Anna"), Game: id, Text: "status"}
	for b.Loop() {
		if _, err := svc.Handle(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}
