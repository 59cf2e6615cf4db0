package rs

import (
	"testing"
)

func TestSimulateReplayVerify(t *testing.T) {
	g, rec, err := Simulate(Config{Mode: Family, Seats: 3}, "windmere", SeedFrom("smoke"))
	if err != nil {
		t.Fatal(err)
	}
	if !g.Over || g.Turn != FamilyTurns {
		t.Fatalf("over %v turn %d", g.Over, g.Turn)
	}
	text := rec.Text()
	back, err := ParseRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	if back.Text() != text {
		t.Fatal("record text does not round trip")
	}
	if _, _, err := Verify(back); err != nil {
		t.Fatal(err)
	}
	g2, err := Replay(back)
	if err != nil {
		t.Fatal(err)
	}
	if len(g2.Events) != len(g.Events) {
		t.Fatalf("replay %d events, sim %d", len(g2.Events), len(g.Events))
	}

}
