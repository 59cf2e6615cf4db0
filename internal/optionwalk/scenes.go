package optionwalk

import (
	"fmt"
	"regexp"
	"strconv"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// Scene is a race set up from a position with scripted dice, for the
// options seeded races offer too seldom (an elimination by the last engine
// point, by a block the car cannot pay, by an overshoot the turn after a
// spin): the same set-ups as the engine's own rule tests.
type Scene struct {
	Name  string
	Rules string
	Track string
	// Lanes, when set, rebuilds the circuit with that many lanes (a
	// one-lane straight has no lane to name).
	Lanes    int
	Optional []string // fd2008's optional rules
	Variants []string // league variants, as `--variant` takes them
	Position fd.Position
	Orders   []fd.Order // answered in turn
	Rolls    []int      // the scripted dice, for StartFrom and the orders
}

// started places a started car that has crossed the line, with wear w.
func started(space string, gear int, w fd.Wear, flags ...string) fd.CarPosition {
	return fd.CarPosition{Space: space, Gear: gear, Wear: w, Flags: append([]string{"started", "crossed"}, flags...)}
}

// wallAt is three cars abreast on level n of the back straight: a block.
func wallAt(n int, w fd.Wear) []fd.CarPosition {
	var out []fd.CarPosition
	for lane := range 3 {
		out = append(out, started(fmt.Sprintf("back.%d.%d", n, lane), 2, w))
	}
	return out
}

func wear(tyres, brakes, gearbox, body, engine, handling int) fd.Wear {
	return fd.Wear{tyres, brakes, gearbox, body, engine, handling}
}

// Scenes are the rare options, one scene each.
func Scenes() []Scene {
	full, fdr := fd.DefaultWear(), fd.ConfigFor(fd.FDR).Start
	lapped := func(cp fd.CarPosition) fd.CarPosition { cp.Laps = 1; return cp }
	soft := func(cp fd.CarPosition) fd.CarPosition { cp.Tyre = fd.Soft; return cp }
	superSoftLap2 := func(cp fd.CarPosition) fd.CarPosition { cp.Tyre, cp.TyreAge, cp.Laps = fd.SuperSoft, 1, 1; return cp }
	// a car in the pit lane, its pit points left, bound for its box
	pitting := func(flags ...string) fd.CarPosition {
		cp := started("pit.1", 2, wear(9, 2, 2, 2, 2, 2), append([]string{"pitting"}, flags...)...)
		cp.Laps, cp.Pit, cp.Config = 1, 2, fdr
		return cp
	}
	return []Scene{
		{Name: "downshift with the last engine point (R-DWN)", Rules: "fd2008", Track: "test-oval",
			Position: fd.Position{Round: 1, Cars: []fd.CarPosition{started("back.0.1", 5, wear(6, 3, 3, 3, 1, 2))}}},
		{Name: "a block the car cannot pay (R-BLK-03)", Rules: "fd2008", Track: "test-oval",
			Position: fd.Position{Round: 1, Cars: append([]fd.CarPosition{lapped(started("back.0.1", 4, wear(1, 3, 3, 3, 3, 2)))}, wallAt(8, full)...)},
			Orders:   []fd.Order{{Car: 1, Gear: 4}}, Rolls: []int{12}},
		{Name: "the turn after a spin (R-OVS-07)", Rules: "fd2008", Track: "test-oval",
			Position: fd.Position{Round: 1, Cars: []fd.CarPosition{started("north.3.2", 4, wear(0, 3, 3, 3, 3, 2), "spun")}},
			Rolls:    []int{2}},
		{Name: "a one-lane straight", Rules: "fd2008", Track: "test-oval", Lanes: 1,
			Position: fd.Position{Round: 1, Cars: []fd.CarPosition{started("back.0.0", 2, full)}},
			Orders:   []fd.Order{{Car: 1, Gear: 2}}, Rolls: []int{3}},
		{Name: "new soft tyres in the dry (O-TYR-04)", Rules: "fd2008", Track: "test-oval", Optional: []string{"tyres"},
			Position: fd.Position{Round: 1, Cars: []fd.CarPosition{soft(started("back.0.1", 3, full))}},
			Orders:   []fd.Order{{Car: 1, Gear: 3}}, Rolls: []int{5}},
		{Name: "over-rev with the last engine point (R13.5)", Rules: "fdr", Track: "oval",
			Position: fd.Position{Round: 1, Cars: []fd.CarPosition{started("back.10.1", 6, wear(9, 3, 2, 2, 1, 2))}}},
		{Name: "a block without the brakes (R12.5)", Rules: "fdr", Track: "oval",
			Position: fd.Position{Round: 1, Cars: append([]fd.CarPosition{lapped(started("back.10.1", 2, wear(9, 1, 2, 2, 2, 2)))}, wallAt(12, fdr)...)},
			Orders:   []fd.Order{{Car: 1, Gear: 2}}, Rolls: []int{3}},
		{Name: "a block without the tyres (R12.5, R10.9)", Rules: "fdr", Track: "oval",
			Position: fd.Position{Round: 1, Cars: append([]fd.CarPosition{lapped(started("back.10.1", 3, wear(1, 3, 2, 2, 2, 2)))}, wallAt(12, fdr)...)},
			Orders:   []fd.Order{{Car: 1, Gear: 3}}, Rolls: []int{6}},
		{Name: "a block beyond the table (T5)", Rules: "fdr", Track: "oval",
			Position: fd.Position{Round: 1, Cars: append([]fd.CarPosition{lapped(started("back.10.1", 4, fdr))}, wallAt(12, fdr)...)},
			Orders:   []fd.Order{{Car: 1, Gear: 4}}, Rolls: []int{12}},
		{Name: "into the runaway car's area (league 10-A, rails)", Rules: "fdr", Track: "port-azur", Variants: []string{"10-A:rails=yes"},
			Position: fd.Position{Round: 1, Runaways: []string{"1:citadelle-rise.0.1"},
				Cars: []fd.CarPosition{{Status: fd.Eliminated, Cause: "ran away", Flags: []string{"started", "crossed"}}, started("citadelle-rise.0.0", 2, fdr)}},
			Orders: []fd.Order{{Car: 2, Gear: 2}}, Rolls: []int{3}},
		{Name: "super-softs past the pit entry of their second lap (league 8-B)", Rules: "fdr", Track: "oval", Variants: []string{"8-B"},
			Position: fd.Position{Round: 1, Cars: []fd.CarPosition{superSoftLap2(started("main.5.1", 2, fdr))}},
			Orders:   []fd.Order{{Car: 1, Gear: 2}}, Rolls: []int{3}},
		{Name: "a boost's fuel test (league 16-F)", Rules: "fdr", Track: "oval", Variants: []string{"16-F"},
			Position: fd.Position{Round: 1, Cars: []fd.CarPosition{started("back.10.1", 4, fdr)}}},
		{Name: "a seventh boost, out of fuel (league 16-F)", Rules: "fdr", Track: "oval", Variants: []string{"16-F"},
			Position: fd.Position{Round: 1, Cars: []fd.CarPosition{started("back.10.1", 4, fdr, "boost", "boost", "boost", "boost", "boost", "boost")}}},
		{Name: "a low wing changed at the pits (league 5-B)", Rules: "fdr", Track: "oval", Variants: []string{"5-B"},
			Position: fd.Position{Round: 1, Cars: []fd.CarPosition{pitting("wing-unloaded")}},
			Orders:   []fd.Order{{Car: 1, Gear: 2}, {Car: 1, Letter: "A"}}, Rolls: []int{4}},
		{Name: "a steering lock changed at the pits (league 5-C)", Rules: "fdr", Track: "oval", Variants: []string{"5-C"},
			Position: fd.Position{Round: 1, Cars: []fd.CarPosition{pitting("lock-A2")}},
			Orders:   []fd.Order{{Car: 1, Gear: 2}, {Car: 1, Letter: "A"}}, Rolls: []int{4}},
	}
}

// WalkScenes plays each scene and calls visit with every decision it
// meets (the game's Pending()), before each order and after the last.
func WalkScenes(scenes []Scene, visit func(Offer) error) (map[string]bool, error) {
	all := map[string]bool{}
	for _, sc := range scenes {
		c := Case{Name: sc.Name, Rules: sc.Rules, Track: sc.Track, Cars: len(sc.Position.Cars), Optional: sc.Optional, Variants: sc.Variants}
		cfg, err := c.Config()
		if err != nil {
			return all, fmt.Errorf("%s: %w", sc.Name, err)
		}
		circuit, err := sceneCircuit(sc)
		if err != nil {
			return all, fmt.Errorf("%s: %w", sc.Name, err)
		}
		g, err := fd.NewGame("scene", cfg, circuit, len(sc.Position.Cars))
		if err != nil {
			return all, fmt.Errorf("%s: %w", sc.Name, err)
		}
		p := sc.Position
		p.Cars = append([]fd.CarPosition(nil), p.Cars...)
		for i := range p.Cars {
			p.Cars[i].Car = i + 1
		}
		src := dice.NewScripted(sc.Rolls...)
		if err := g.StartFrom(p, src); err != nil {
			return all, fmt.Errorf("%s: %w", sc.Name, err)
		}
		for i := 0; ; i++ {
			d := g.Pending()
			if d == nil {
				return all, fmt.Errorf("%s: nothing pending after %d orders", sc.Name, i)
			}
			keys := decisionKeys(g, d)
			for _, k := range keys {
				all[k] = true
			}
			if err := visit(Offer{Case: c, Seed: "scene", Game: g, Decision: *d, New: keys}); err != nil {
				return all, err
			}
			if i == len(sc.Orders) {
				break
			}
			if err := g.Submit(sc.Orders[i], src); err != nil {
				return all, fmt.Errorf("%s, order %d: %w", sc.Name, i+1, err)
			}
		}
		if src.Remaining() != 0 {
			return all, fmt.Errorf("%s: %d scripted rolls left unused", sc.Name, src.Remaining())
		}
	}
	return all, nil
}

// sceneCircuit is the scene's embedded circuit, rebuilt with Lanes lanes
// when it says so.
func sceneCircuit(sc Scene) (*tracks.Circuit, error) {
	if sc.Lanes == 0 {
		return tracks.Get(sc.Track)
	}
	src, err := tracks.EmbeddedSource(sc.Track)
	if err != nil {
		return nil, err
	}
	lanes := regexp.MustCompile(`(?m)^lanes \d+$`)
	if !lanes.Match(src) {
		return nil, fmt.Errorf("circuit %s names no lanes", sc.Track)
	}
	return tracks.Load(sc.Track+"-lanes.track", lanes.ReplaceAll(src, []byte("lanes "+strconv.Itoa(sc.Lanes))))
}

// WalkAll walks the cases, then the scenes.
func WalkAll(visit func(Offer) error) (map[string]bool, error) {
	met, err := Walk(Cases(), visit)
	if err != nil {
		return met, err
	}
	scenes, err := WalkScenes(Scenes(), visit)
	for k := range scenes {
		met[k] = true
	}
	return met, err
}
