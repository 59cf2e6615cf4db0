package rs

import "sort"

// The standard game's weather, humidity, events, safety car, pits and
// points as tested rules (racing-simulator.md §3.19–§3.25). Not wired into
// a playable standard race yet (doc.go).

// Weather is one of the five weather states.
type Weather string

// The weather states.
const (
	Sun       Weather = "sun"
	Cloudy    Weather = "cloudy"
	LightRain Weather = "light-rain"
	RainW     Weather = "rain"
	HeavyRain Weather = "heavy-rain"
)

// RaceStartWeather reads T-06 for the race-start D100 plus the circuit's
// modifier, clamped to 00–99 (R-PRE-04, AMB-16).
func RaceStartWeather(d100, modifier int) (Weather, int) {
	v := min(max(d100+modifier, 0), 99)
	switch {
	case v <= 4:
		return HeavyRain, 15
	case v <= 9:
		return RainW, 12
	case v <= 12:
		return LightRain, 9
	case v <= 15:
		return LightRain, 6
	case v <= 19:
		return Cloudy, 3
	case v <= 39:
		return Cloudy, 0
	}
	return Sun, 0
}

// RollingStart reports whether the race starts rolling: in heavy rain
// (R-PRE-07, T-08); otherwise from the grid.
func RollingStart(w Weather) bool { return w == HeavyRain }

// NextWeather is T-12 (R-WEA-01): the weather after this turn's D100
// (and, for Cloudy on 00, the blue die).
func NextWeather(w Weather, d100, blue int) Weather {
	switch w {
	case Sun:
		if d100 <= 2 {
			return Cloudy
		}
	case Cloudy:
		switch {
		case d100 == 0 && blue >= 7:
			return HeavyRain
		case d100 == 0 && blue >= 3:
			return RainW
		case d100 == 0:
			return LightRain
		case d100 <= 3:
			return Sun
		}
	case LightRain:
		switch {
		case d100 <= 2:
			return HeavyRain
		case d100 <= 5:
			return RainW
		case d100 <= 11:
			return Cloudy
		}
	case RainW:
		switch {
		case d100 <= 2:
			return HeavyRain
		case d100 <= 6:
			return LightRain
		case d100 <= 9:
			return Cloudy
		}
	case HeavyRain:
		switch {
		case d100 <= 2:
			return RainW
		case d100 <= 5:
			return LightRain
		case d100 <= 9:
			return Cloudy
		}
	}
	return w
}

// NextHumidity is T-13 (R-HUM-01): the humidity after a turn under the
// new weather, with the red die's parity, clamped to 0–15.
func NextHumidity(w Weather, h, red int) int {
	odd := red%2 == 1
	d := 0
	switch w {
	case Sun:
		d = -2
	case Cloudy:
		d = -1
	case LightRain:
		switch {
		case h <= 5 && odd:
			d = 1
		case h <= 5:
			d = 0
		case h <= 10 && odd:
			d = 1
		case h <= 10:
			d = -1
		case odd:
			d = 0
		default:
			d = -1
		}
	case RainW:
		d = 3
	case HeavyRain:
		d = 6
	}
	return min(max(h+d, 0), 15)
}

// Wet reports whether the track is wet for events, qualifying and the
// Monaco rule: humidity 3 or more (R-HUM-02).
func Wet(h int) bool { return h >= 3 }

// EventDrawn reports whether this turn's blue die draws an event card
// (R-EVT-01, T-11, AMB-12): 0–1 on a dry track, 0–4 on a wet one.
func EventDrawn(blue, h int) bool {
	if Wet(h) {
		return blue <= 4
	}
	return blue <= 1
}

// EventDrawnFull is the prose's trigger, kept as the optional rule
// full-length-events (AMB-12): blue 0 on a dry track, 0–2 on a wet one.
func EventDrawnFull(blue, h int) bool {
	if Wet(h) {
		return blue <= 2
	}
	return blue == 0
}

// SafetyCarTurns halves a card's safety-car laps, rounding up (R-SC-01,
// AMB-21).
func SafetyCarTurns(laps int) int { return (laps + 1) / 2 }

// PitsClosed reports whether the safety car closes the pits: D100 95–99
// (R-SC-02).
func PitsClosed(d100 int) bool { return d100 >= 95 && d100 <= 99 }

// PitDrop is a green-flag stop's drop-back (R-PIT-04, R-PIT-08): the
// card's value plus the circuit's stop, plus 3 for a nose change, plus the
// incident's squares. Sepang, card 1: 1 + 12 = 13.
func PitDrop(card, stop int, nose bool, incident int) int {
	d := card + stop + incident
	if nose {
		d += 3
	}
	return d
}

// TeamPitWait is the second team car's extra drop-back under the team pit
// restriction (R-PIT-10, AMB-25): max(0, 6 + the first car's stop − the
// squares between them before the stops).
func TeamPitWait(firstStop, between int) int { return max(0, 6+firstStop-between) }

// TyreRulePenalty is the drop-back on the last turn for a car that started
// on slicks and never fitted another type (R-PEN-03, AMB-27): a
// drive-through plus 10; nothing otherwise.
func TyreRulePenalty(start Tyre, fitted []Tyre, driveThrough int) int {
	if !start.Slick() {
		return 0
	}
	for _, t := range fitted {
		if t != start {
			return 0
		}
	}
	return driveThrough + 10
}

// PitLaneValue is the value, in tenths of a second, of pit-lane square i
// under the safety car (T-14): 0.0 to 15.0 by 0.3 (squares 0–50), then
// 16.0 to 24.0 by 1.0 (51–59), then virtual squares of +1.0 (AMB-23).
func PitLaneValue(i int) int {
	if i <= 50 {
		return 3 * i
	}
	return 150 + 10*(i-50)
}

// PitLane places cars stopping under the safety car (R-SC-07, AMB-23):
// they arrive in order, the k-th on square k (0.0, 0.3, 0.6, …); each
// moves to the first square worth at least its value plus its card's
// yellow time (tenths), or the next free one, never moving another car.
// It returns each car's square and the order in which they rejoin, lowest
// value first.
func PitLane(yellow []int) (squares []int, rejoin []int) {
	taken := map[int]bool{}
	squares = make([]int, len(yellow))
	for k := range yellow {
		taken[k] = true
	}
	for k, y := range yellow {
		target := PitLaneValue(k) + y
		i := k
		for PitLaneValue(i) < target {
			i++
		}
		delete(taken, k)
		for taken[i] {
			i++
		}
		taken[i] = true
		squares[k] = i
	}
	rejoin = make([]int, len(yellow))
	for k := range rejoin {
		rejoin[k] = k
	}
	sort.SliceStable(rejoin, func(a, b int) bool { return squares[rejoin[a]] < squares[rejoin[b]] })
	return squares, rejoin
}

// DiscardOffer picks the two speed cards a player offers under the safety
// car (R-SC-08, AMB-24): a pair summing to at least 593, the one whose
// higher card is lowest (the autopilot's choice, §7.2); if none reaches
// 593, the two highest. ok is false with fewer than two cards (the last
// card is discarded by itself).
func DiscardOffer(hand []int) (a, b int, ok bool) {
	if len(hand) < 2 {
		return 0, 0, false
	}
	h := append([]int(nil), hand...)
	sort.Ints(h)
	best := -1
	for i := 0; i < len(h); i++ {
		for j := i + 1; j < len(h); j++ {
			if h[i]+h[j] >= 593 && (best < 0 || h[j] < b || (h[j] == b && h[i] < a)) {
				a, b, best = h[i], h[j], 1
			}
		}
	}
	if best < 0 {
		return h[len(h)-2], h[len(h)-1], true
	}
	return a, b, true
}

// Points2014 is T-31's scale (R-END-03): 25, 18, 15, 12, 10, 8, 6, 4, 2, 1
// for places 1–10.
var Points2014 = []int{25, 18, 15, 12, 10, 8, 6, 4, 2, 1}

// Points gives place's points on a scale (0 past its end).
func Points(scale []int, place int) int {
	if place < 1 || place > len(scale) {
		return 0
	}
	return scale[place-1]
}

// Sessions gives the knockout qualifying's sizes for n cars (R-QB-02,
// AMB-34): Q1 only with more than 16 cars (eliminating n − 16), Q2 down
// to 10, Q3 with 10; 10 cars or fewer run a single session.
func Sessions(n int, withQ1 bool) []int {
	switch {
	case n <= 10:
		return []int{n}
	case withQ1 && n > 16:
		return []int{n, 16, 10}
	}
	return []int{n, 10}
}
