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
	svc, id := rsRaceAtTurn(b, 20)
	req := Request{Identity: cli("Anna"), Game: id, Text: "status"}
	for b.Loop() {
		if _, err := svc.Handle(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRSDiscordTurnPostLateInRace: what one Discord turn post of the
// same race costs the service: the relay's table (who is awaited) and a
// player's My order menu (their hand and legal orders), each rebuilding
// the game from its record.
func BenchmarkRSDiscordTurnPostLateInRace(b *testing.B) {
	ctx := context.Background()
	svc, id := rsRaceAtTurn(b, 20)
	for b.Loop() {
		if _, err := svc.Table(ctx, id, ""); err != nil {
			b.Fatal(err)
		}
		if _, err := svc.OrdersFor(ctx, id, cli("Anna"), "en"); err != nil {
			b.Fatal(err)
		}
	}
}

// rsRaceAtTurn is a standard Racing Simulator race (Anna and the
// autopilot, 18 cars, quick start) played by the autopilot up to turn.
func rsRaceAtTurn(b *testing.B, turn int) (*Service, string) {
	b.Helper()
	ctx := context.Background()
	store := memory.New()
	b.Cleanup(func() { store.Close() })
	svc := New(Options{Store: store})
	b.Cleanup(svc.Close)
	id, err := svc.Create(ctx, CreateRequest{Game: gameRS, Mode: "standard", Optional: []string{"quick-start"}, Track: "cragsby", Seats: []string{"Anna", "ai:pro"}, Seed: "bench-rs"})
	if err != nil {
		b.Fatal(err)
	}
	for {
		var now int
		if err := store.View(ctx, func(tx persistence.ReadTx) error {
			l, err := svc.loadServed(tx, id)
			if err == nil {
				now = l.game.Pending()[0].Turn
			}
			return err
		}); err != nil {
			b.Fatal(err)
		}
		if now >= turn {
			return svc, id
		}
		if _, err := svc.Autoplay(ctx, id, 1); err != nil {
			b.Fatal(err)
		}
	}
}
