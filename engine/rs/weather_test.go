package rs

import (
	"slices"
	"testing"
)

// R-PRE-04, T-06, AMB-16: Sepang, white 6 red 5: 65 − 50 = 15 → light
// rain, humidity 6; out of range clamps (03 − 50 → 00 heavy rain).
func TestRaceStartWeather(t *testing.T) {
	for _, tc := range []struct {
		d100, mod int
		w         Weather
		h         int
	}{{65, -50, LightRain, 6}, {3, -50, HeavyRain, 15}, {80, 50, Sun, 0}, {7, 0, RainW, 12}, {11, 0, LightRain, 9},
		{17, 0, Cloudy, 3}, {25, 0, Cloudy, 0}, {40, 0, Sun, 0}} {
		w, h := RaceStartWeather(tc.d100, tc.mod)
		if w != tc.w || h != tc.h {
			t.Errorf("%d%+d: %s %d, want %s %d", tc.d100, tc.mod, w, h, tc.w, tc.h)
		}
	}
	// R-PRE-07, T-08: only heavy rain starts rolling.
	if !RollingStart(HeavyRain) || RollingStart(RainW) || RollingStart(Sun) {
		t.Fatal("start type")
	}
}

// R-WEA-01, T-12: every row; "Rain on 8, D100 = 09 → Cloudy".
func TestWeatherChange(t *testing.T) {
	for _, tc := range []struct {
		w          Weather
		d100, blue int
		want       Weather
	}{
		{Sun, 2, 0, Cloudy}, {Sun, 3, 0, Sun},
		{Cloudy, 0, 9, HeavyRain}, {Cloudy, 0, 7, HeavyRain}, {Cloudy, 0, 5, RainW}, {Cloudy, 0, 2, LightRain},
		{Cloudy, 1, 0, Sun}, {Cloudy, 3, 0, Sun}, {Cloudy, 4, 0, Cloudy},
		{LightRain, 2, 0, HeavyRain}, {LightRain, 5, 0, RainW}, {LightRain, 11, 0, Cloudy}, {LightRain, 12, 0, LightRain},
		{RainW, 0, 0, HeavyRain}, {RainW, 6, 0, LightRain}, {RainW, 9, 0, Cloudy}, {RainW, 10, 0, RainW},
		{HeavyRain, 2, 0, RainW}, {HeavyRain, 5, 0, LightRain}, {HeavyRain, 9, 0, Cloudy}, {HeavyRain, 10, 0, HeavyRain},
	} {
		if got := NextWeather(tc.w, tc.d100, tc.blue); got != tc.want {
			t.Errorf("%s, D100 %02d blue %d: %s, want %s", tc.w, tc.d100, tc.blue, got, tc.want)
		}
	}
}

// R-HUM-01, T-13: the examples (Cloudy on 8 → 7; light rain on 5, red 3
// → 6) and every row, clamped to 0–15.
func TestHumidityChange(t *testing.T) {
	for _, tc := range []struct {
		w      Weather
		h, red int
		want   int
	}{
		{Cloudy, 8, 0, 7}, {LightRain, 5, 3, 6}, {LightRain, 5, 2, 5},
		{LightRain, 8, 4, 7}, {LightRain, 8, 1, 9}, {LightRain, 12, 6, 11}, {LightRain, 12, 7, 12},
		{Sun, 1, 0, 0}, {RainW, 14, 0, 15}, {HeavyRain, 4, 1, 10}, {Sun, 6, 5, 4},
	} {
		if got := NextHumidity(tc.w, tc.h, tc.red); got != tc.want {
			t.Errorf("%s on %d, red %d: %d, want %d", tc.w, tc.h, tc.red, got, tc.want)
		}
	}
	if Wet(2) || !Wet(3) { // R-HUM-02
		t.Fatal("wet means humidity 3 or more")
	}
}

// R-EVT-01, AMB-12: blue 0–1 on a dry track, 0–4 on a wet one.
func TestEventTrigger(t *testing.T) {
	for blue := range 10 {
		if EventDrawn(blue, 0) != (blue <= 1) || EventDrawn(blue, 3) != (blue <= 4) {
			t.Fatalf("blue %d", blue)
		}
	}
}

// R-SC-01, AMB-21: laps halved, rounded up. R-SC-02: pits closed on
// D100 95–99.
func TestSafetyCarBasics(t *testing.T) {
	for laps, want := range map[int]int{1: 1, 4: 2, 5: 3, 6: 3, 8: 4} {
		if got := SafetyCarTurns(laps); got != want {
			t.Errorf("%d laps: %d turns, want %d", laps, got, want)
		}
	}
	for d := range 100 {
		if PitsClosed(d) != (d >= 95) {
			t.Fatalf("D100 %d", d)
		}
	}
}

// R-PIT-04, R-PIT-08, T-35b: Sepang card 1 → 13; Yeongam (stop 10): card
// 1 → 11, card 3 → 13, card 1 with a drive-through incident (+7) → 18,
// and a nose change adds 3. R-PIT-10: the team restriction.
func TestPitDrops(t *testing.T) {
	if PitDrop(1, 12, false, 0) != 13 || PitDrop(1, 10, false, 0) != 11 || PitDrop(3, 10, false, 0) != 13 ||
		PitDrop(1, 10, false, 7) != 18 || PitDrop(1, 10, true, 0) != 14 {
		t.Fatal("pit drops")
	}
	if TeamPitWait(11, 5) != 12 || TeamPitWait(11, 20) != 0 {
		t.Fatal("team pit wait")
	}
}

// R-PEN-03, AMB-27: started on slicks and never changed type: a
// drive-through + 10 on the last turn; another type fitted, or a start on
// intermediates or rain: nothing.
func TestTyreRule(t *testing.T) {
	if TyreRulePenalty(Soft, nil, 7) != 17 || TyreRulePenalty(Soft, []Tyre{Soft}, 7) != 17 {
		t.Fatal("no change of type must cost 17 at Yeongam")
	}
	if TyreRulePenalty(Soft, []Tyre{Hard}, 7) != 0 || TyreRulePenalty(Inter, nil, 7) != 0 {
		t.Fatal("a change, or a wet start, costs nothing")
	}
}

// T-14, R-SC-07, AMB-23: the pit-lane board; the text's example: the 3rd
// to arrive (0.6) with a 1.5 card goes to 2.1 if free; cars that find
// their square taken take the next free one; they rejoin lowest first.
func TestPitLaneBoard(t *testing.T) {
	if PitLaneValue(0) != 0 || PitLaneValue(50) != 150 || PitLaneValue(51) != 160 || PitLaneValue(59) != 240 || PitLaneValue(60) != 250 {
		t.Fatal("board values")
	}
	sq, rejoin := PitLane([]int{24, 15, 15})
	// car 0: 0.0 + 2.4 → 2.4 (square 8); car 1: 0.3 + 1.5 = 1.8 (square 6);
	// car 2: 0.6 + 1.5 = 2.1 (square 7).
	if !slices.Equal(sq, []int{8, 6, 7}) || !slices.Equal(rejoin, []int{1, 2, 0}) {
		t.Fatalf("squares %v rejoin %v", sq, rejoin)
	}
	sq, _ = PitLane([]int{15, 12})
	// car 0 → 1.5 (square 5); car 1: 0.3 + 1.2 = 1.5 taken → square 6.
	if !slices.Equal(sq, []int{5, 6}) {
		t.Fatalf("a taken square: %v", sq)
	}
}

// R-SC-08, AMB-24: offer a pair summing to 593 or more (the lowest such
// higher card); none: the two highest; one card: discarded alone.
func TestDiscardOffer(t *testing.T) {
	a, b, ok := DiscardOffer([]int{293, 296, 297, 300})
	if !ok || a != 296 || b != 297 {
		t.Fatalf("%d %d", a, b)
	}
	a, b, _ = DiscardOffer([]int{293, 294, 295, 296})
	if a != 295 || b != 296 {
		t.Fatalf("no pair reaches 593: %d %d", a, b)
	}
	a, b, _ = DiscardOffer([]int{293, 300})
	if a+b != 593 {
		t.Fatalf("293 + 300: %d %d", a, b)
	}
	if _, _, ok := DiscardOffer([]int{297}); ok {
		t.Fatal("one card")
	}
}

// R-END-03, T-31: the 2014 scale.
func TestPoints(t *testing.T) {
	if Points(Points2014, 1) != 25 || Points(Points2014, 10) != 1 || Points(Points2014, 11) != 0 || Points(Points2014, 0) != 0 {
		t.Fatal("points")
	}
}

// R-QB-02, AMB-34: session sizes.
func TestQualifyingSessions(t *testing.T) {
	for _, tc := range []struct {
		n    int
		q1   bool
		want []int
	}{{18, true, []int{18, 16, 10}}, {18, false, []int{18, 10}}, {16, true, []int{16, 10}}, {10, true, []int{10}}, {6, false, []int{6}}} {
		if got := Sessions(tc.n, tc.q1); !slices.Equal(got, tc.want) {
			t.Errorf("%d cars, Q1 %v: %v, want %v", tc.n, tc.q1, got, tc.want)
		}
	}
}
