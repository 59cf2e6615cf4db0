package variants

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
)

// 9-A Formation lap (league-variants.md ch. 9, league AMB-27): before the
// start every car rolls the black die for the formation lap; a roll equal
// to the number of cars on the grid stalls it, and it starts behind all
// the others (stalled cars keep their order; with more than 20 cars no
// roll can stall). Then the start rolls of R9 are rolled at once, in the
// new grid order: if a car stalled, the first 20 is a jump start, the
// start is given again from the original grid (a new formation lap);
// otherwise a 20 is R9.5's super start ("cannon start"). A start roll of 1
// misses the start (R9.2), 1 or 2 for a car on dry tyres on a wet track
// (the wheelspin). When the start that goes ahead is the third
// (max_starts) or later, the race is cut to shortened_laps laps. The
// cars' start rolls are kept for their first play (formationStartRoll), where
// R9 applies them. A StartRule; nobody decides anything, so it asks no one.

// formationStartRoll: the start roll (R9) rolled at the formation lap for
// the car's first play; 0: rolled at that play. A position's start-roll=
// (fdr/position.go). The base reads and clears it (the first play, a
// position, a red-flag restart), so it finds it through
// KeepFormationStartRoll (start_roll.go); FormationLap writes it through
// Setup.SetStartRoll.
var formationStartRoll = fd.NewKeyedSlot[int]("start-roll")

func init() {
	fd.KeepFormationStartRoll(formationStartRoll)
	fd.RegisterVariant("9-A", withKinds(variant9A))
}

func variant9A() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "9-A", Group: "b", Name: "Formation lap", NameFR: "Tour de chauffe", Chapter: fd.ChapterStart, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{
			fd.NewParam("max_starts", "3", "the start (1 to 9) from which the race is shortened").AlsoCalled("max_start_attempts_before_shortening"),
			fd.NewParam("shortened_laps", "2", "the laps of a shortened race (1 to 9)")},
		Help: "a formation-lap stall roll sends a car to the back; a 20 at the start is then a jump start and the start is given again; 1–2 on dry tyres in the rain misses the start; three starts shorten the race to two laps",
	}, func(p map[string]string) (any, error) {
		number := func(key string) (int, error) {
			n, err := strconv.Atoi(p[key])
			if err != nil || n < 1 || n > 9 || strconv.Itoa(n) != p[key] {
				return 0, fmt.Errorf("variant 9-A: %s is a number from 1 to 9, not %q", key, p[key])
			}
			return n, nil
		}
		starts, err := number("max_starts")
		if err != nil {
			return nil, err
		}
		laps, err := number("shortened_laps")
		if err != nil {
			return nil, err
		}
		return formationLap{maxStarts: starts, shortenedLaps: laps}, nil
	})
}

// formationLap is the 9-A module.
type formationLap struct{ maxStarts, shortenedLaps int }

// FormationLap runs the formation laps and starts until one goes ahead.
func (m formationLap) FormationLap(s fd.Setup, src dice.Source, grid []int) ([]int, error) {
	for attempt := 1; ; attempt++ {
		s.Emit(fd.Encode(FormationEvent{Start: attempt}))
		var running, stalled []int
		for _, n := range grid {
			v, err := s.Black(src, n, "formation")
			if err != nil {
				return nil, err
			}
			if v == len(grid) {
				stalled = append(stalled, n)
				s.Emit(fd.Encode(FormationStallEvent{Car: n}))
			} else {
				running = append(running, n)
			}
		}
		order := append(running, stalled...)
		rolls := map[int]int{}
		jumped := 0
		for _, n := range order {
			v, err := s.Black(src, n, "start")
			if err != nil {
				return nil, err
			}
			if v == 20 && len(stalled) > 0 {
				jumped = n
				break
			}
			rolls[n] = v
		}
		if jumped != 0 {
			s.Emit(fd.Encode(JumpStartEvent{Car: jumped, Start: attempt}))
			continue // the original grid again, stalled cars back in place
		}
		for _, n := range order {
			s.SetStartRoll(n, rolls[n])
		}
		if attempt >= m.maxStarts && s.ShortenRace(m.shortenedLaps) {
			s.Emit(fd.Encode(RaceShortenedEvent{Start: attempt, Laps: m.shortenedLaps}))
		}
		return slices.Clip(order), nil
	}
}

// MissedStart: 1, or 1–2 for dry tyres on a wet track.
func (formationLap) MissedStart(c *fd.Car, wet bool) int {
	if wet && c.Tyre != fd.RainTyre {
		return 2
	}
	return 1
}
