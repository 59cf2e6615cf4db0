package fd

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// Street races (formula-d-2008.md §2.18) with scripted dice on race-city.

func raceCity(t testing.TB) *tracks.Circuit {
	t.Helper()
	c, err := tracks.Get("race-city")
	require.NoError(t, err)
	return c
}

// driving places a started street car with its driver's full card.
func driving(space string, gear int, driver string) CarPosition {
	dr, ok := DriverByKey(driver)
	if !ok {
		panic(driver)
	}
	cp := at(space, gear)
	cp.Wear, cp.Driver = dr.Wear, driver
	return cp
}

func streetPlay(t *testing.T, cars ...CarPosition) *harness {
	return play(t, raceCity(t), StreetConfig(), cars, nil)
}

// nitroOption finds the move option ending on end with the given nitro.
func nitroOption(h *harness, end string, nitro int) (Option, bool) {
	for _, op := range h.pending().Options {
		if h.name(op.End) == end && op.Nitro == nitro && !op.Drop {
			return op, true
		}
	}
	return Option{}, false
}

func choose(h *harness, op Option, rolls ...int) {
	h.t.Helper()
	h.submit(Order{Car: h.pending().Car, Letter: op.Letter}, rolls...)
}

func TestStreetDriverTableT13(t *testing.T) {
	want := map[string][7]int{
		"Li-Tsu Sin":                   {7, 3, 2, 2, 3, 3, 20},
		"Jack Owens":                   {9, 2, 2, 2, 3, 2, 20},
		"Stanley Washington":           {7, 2, 3, 2, 3, 3, 20},
		"Dimitri Tzarof":               {5, 4, 3, 3, 3, 4, 22},
		"Julien « Frogger » Marcellin": {8, 4, 2, 2, 3, 2, 21},
		"Jenny Slivers":                {4, 6, 2, 3, 3, 2, 20},
		"Montoya Cadena":               {5, 5, 3, 2, 3, 2, 20},
		"Derek Manson":                 {6, 3, 2, 4, 3, 3, 21},
		"Diane Montfort":               {6, 4, 2, 3, 3, 3, 21},
		"Temana Matahi":                {6, 3, 3, 3, 3, 3, 21},
	}
	require.Len(t, StreetDrivers, 10)
	for _, d := range StreetDrivers {
		w, ok := want[d.Name]
		require.True(t, ok, d.Name)
		total := 0
		for i := range d.Wear {
			assert.Equal(t, w[i], d.Wear[i], "%s %s", d.Name, Category(i))
			total += d.Wear[i]
		}
		assert.Equal(t, w[6], total, "%s total (AMB-29: used as printed)", d.Name)
		assert.NotEmpty(t, d.Ability)
	}
	for name, key := range map[string]string{"Diane": DriverDiane, "montfort": DriverDiane, "FROGGER": DriverJulien, "li-tsu": DriverLiTsu,
		"Li-Tsu Sin": DriverLiTsu, "Julien « Frogger » Marcellin": DriverJulien, "julien frogger marcellin": DriverJulien, "jack owens": DriverJack} {
		d, ok := FindDriver(name)
		require.True(t, ok, name)
		assert.Equal(t, key, d.Key, name)
	}
	_, ok := FindDriver("Ayrton")
	assert.False(t, ok)
}

func TestStreetConfigValidate(t *testing.T) {
	cfg := StreetConfig()
	require.NoError(t, cfg.Validate())
	assert.Equal(t, 2, cfg.Laps)
	cfg.Optional.Tyres = true
	require.Error(t, cfg.Validate(), "U-CAR-01: hard tyres only")
	cfg = StreetConfig()
	cfg.Optional.Weather = true
	require.NoError(t, cfg.Validate())
	// not on an F1 circuit
	_, err := NewGame("x", StreetConfig(), ovalTrack(t), 2)
	require.Error(t, err)
	// U-GEN-01: without weather Julien stays out, nine drivers for ten cars
	_, err = NewGame("x", StreetConfig(), raceCity(t), 10)
	require.ErrorContains(t, err, "Julien")
	_, err = NewGame("x", cfg, raceCity(t), 10)
	require.NoError(t, err)
	// U-CIR-01: the pits are not used
	assert.False(t, raceCity(t).Pit.Usable)
}

func TestStreetDriverDecision(t *testing.T) {
	g, err := NewGame("d", StreetConfig(), raceCity(t), 3)
	require.NoError(t, err)
	src := dice.NewSeeded(SeedFrom("drivers"))
	require.NoError(t, g.Start(src))
	all := g.PendingAll()
	require.Len(t, all, 3)
	for _, d := range all {
		assert.Equal(t, DecideDriver, d.Kind)
		assert.Len(t, d.Options, 9, "no Julien without weather (U-GEN-01)")
		for _, op := range d.Options {
			assert.NotEqual(t, DriverJulien, op.Driver)
		}
	}
	require.NoError(t, g.Submit(Order{Car: 2, Letter: "diane"}, src))
	err = g.Submit(Order{Car: 1, Letter: "Diane Montfort"}, src)
	require.ErrorIs(t, err, ErrIllegal, "each driver at most once")
	require.ErrorContains(t, err, "car 2")
	require.ErrorIs(t, g.Submit(Order{Car: 1, Letter: "E"}, src), ErrIllegal, "Julien's letter without weather")
	require.ErrorIs(t, g.Submit(Order{Car: 1, Letter: "frogger"}, src), ErrIllegal)
	for _, d := range g.PendingAll() {
		for _, op := range d.Options {
			assert.NotEqual(t, DriverDiane, op.Driver, "a taken driver is no longer offered")
		}
	}
	require.NoError(t, g.Submit(Order{Car: 1, Letter: "C"}, src)) // Stanley by letter
	require.NoError(t, g.Submit(Order{Car: 3, Letter: "Jenny"}, src))
	assert.Equal(t, DriverStanley, g.Cars[0].Driver)
	assert.Equal(t, DriverDiane, g.Cars[1].Driver)
	assert.Equal(t, DriverJenny, g.Cars[2].Driver)
	assert.Equal(t, Wear{4, 6, 2, 3, 3, 2}, g.Cars[2].Wear, "the card's PS (U-DRV-01)")
	assert.Equal(t, Wear{4, 6, 2, 3, 3, 2}, g.startingWear(&g.Cars[2]))
	res := g.Results()
	names := map[int]string{}
	for _, r := range res {
		names[r.Car] = r.Driver
	}
	assert.Equal(t, "Jenny Slivers", names[3])
}

func TestStreetNitroOncePerLap(t *testing.T) {
	// U-NIT-01: a bonus equal to the gear, all of it used; once per lap
	h := streetPlay(t, driving("rue-haute.0.1", 2, DriverDerek))
	h.gear(2, 3)
	d := h.expect(1, DecideMove)
	assert.Equal(t, 3, d.Distance)
	op, ok := nitroOption(h, "rue-haute.5.1", 2)
	require.True(t, ok, h.describe(d))
	assert.Len(t, op.Path, 5)
	nitroLengths := map[int]bool{}
	for _, o := range d.Options {
		if o.Nitro > 0 {
			assert.Equal(t, 2, o.Nitro)
			nitroLengths[len(o.Path)] = true
			// AMB-28: the bonus counts toward the distance; brakes may
			// shorten the total, 1 brake point per space
			assert.Equal(t, 5, len(o.Path)+o.Braked, "5 spaces, braked %d", o.Braked)
			assert.Equal(t, o.Braked, o.Cost[Brakes])
		}
	}
	assert.Equal(t, map[int]bool{4: true, 5: true}, nitroLengths, "4 spaces: the nitro braked by 1, beyond the 3 without it")
	choose(h, op)
	assert.Contains(t, h.since(), "nitro car=1 bonus=2")
	assert.True(t, h.car(1).NitroUsed)
	h.gear(2, 2)
	for _, o := range h.pending().Options {
		assert.Zero(t, o.Nitro, "a second nitro in the same lap")
	}
	// AMB-28: the flag resets at the line
	h2 := streetPlay(t, driving("main.11.1", 4, DriverDerek).laps(0).flag("nitro"))
	h2.gear(4, 7)
	for _, o := range h2.pending().Options {
		assert.Zero(t, o.Nitro)
	}
	h2.move("start.4.1")
	assert.False(t, h2.car(1).NitroUsed, "reset at the line (AMB-28)")
}

func TestStreetMontoyaNitro(t *testing.T) {
	// EX-F-36: Montoya in 3rd rolls 6: 9 or 12
	h := streetPlay(t, driving("avenue.0.1", 3, DriverMontoya))
	h.gear(3, 6)
	_, ok := nitroOption(h, "avenue.6.1", 0)
	require.True(t, ok)
	op9, ok := nitroOption(h, "speed-trap.0.1", 3)
	require.True(t, ok, h.describe(h.pending()))
	assert.Len(t, op9.Path, 9)
	op12, ok := nitroOption(h, "speed-trap.3.1", 6)
	require.True(t, ok, h.describe(h.pending()))
	assert.Len(t, op12.Path, 12)
	choose(h, op12)
	assert.Contains(t, h.since(), "nitro car=1 bonus=6")
	// others get the gear only
	h2 := streetPlay(t, driving("avenue.0.1", 3, DriverDerek))
	h2.gear(3, 6)
	_, ok = nitroOption(h2, "speed-trap.3.1", 6)
	assert.False(t, ok)
}

func TestStreetNoiseArea(t *testing.T) {
	// EX-F-35
	for _, c := range []struct {
		roll int
		want string
	}{{12, "6/3/2/4/3/3"}, {17, "5/3/2/4/3/3"}, {19, "6/3/2/3/3/3"}, {20, "6/3/2/4/2/3"}} {
		h := streetPlay(t, driving("market.0.1", 2, DriverDerek))
		h.gear(2, 3)
		h.moveN("market.3.1", 3, c.roll)
		assert.Equal(t, c.want, h.wear(1), "roll %d", c.roll)
		if c.roll >= 19 {
			assert.Equal(t, []string{"market.3.1"}, h.debris())
		}
	}
	// passing through does not roll
	h := streetPlay(t, driving("market.2.1", 3, DriverDerek))
	h.gear(3, 5)
	h.submit(Order{Car: 1, Letter: plainTo(h, "fish-market.1.1", 5).Letter})
	assert.NotContains(t, strings.Join(h.since(), "\n"), "for=noise")
}

func TestStreetZoneIsDebris(t *testing.T) {
	// U-ZONE-01: the blackened spaces are permanent debris
	h2 := streetPlay(t, driving("the-zone.0.0", 2, DriverDerek))
	h2.gear(2, 2)
	found := false
	for _, op := range h2.pending().Options {
		for _, s := range op.Path {
			if h2.name(s) == "the-zone.1.0" {
				found = true
				assert.Positive(t, op.Dangerous)
			}
		}
	}
	assert.True(t, found)
	var through *Option
	for _, op := range h2.pending().Options {
		if len(op.Path) == 1 && h2.name(op.Path[0]) == "the-zone.1.0" && op.Nitro == 0 {
			through = &op
		}
	}
	require.NotNil(t, through)
	choose(h2, *through, 4) // R-DEB-03: 4 loses a handling point
	assert.Equal(t, 2, h2.car(1).Wear[Handling])
}

// plainTo is the option ending on end after steps spaces with no street
// declaration.
func plainTo(h *harness, end string, steps int) Option {
	h.t.Helper()
	for _, op := range h.pending().Options {
		if h.name(op.End) == end && len(op.Path) == steps && op.Nitro == 0 && !op.Drop {
			return op
		}
	}
	h.t.Fatalf("no plain option to %s in %d:\n%s", end, steps, h.describe(h.pending()))
	return Option{}
}

func TestStreetDimitriEngine(t *testing.T) {
	// EX-F-42: dry 3 loses, 4 does not; a normal car loses on 4
	for _, c := range []struct {
		driver string
		roll   int
		engine int
	}{{DriverDimitri, 3, 2}, {DriverDimitri, 4, 3}, {DriverDerek, 4, 2}} {
		h := streetPlay(t, driving("avenue.0.1", 5, c.driver))
		h.gear(5, 20)
		op, ok := nitroOption(h, "the-zone.3.1", 0)
		if !ok {
			op = h.pending().Options[len(h.pending().Options)-1]
			for _, o := range h.pending().Options {
				if o.Nitro == 0 && o.Braked == 0 && !o.Drop {
					op = o
					break
				}
			}
		}
		rolls := []int{}
		for range op.Dangerous {
			rolls = append(rolls, 20)
		}
		rolls = append(rolls, c.roll)
		choose(h, op, rolls...)
		lost := strings.Contains(strings.Join(h.since(), "\n"), `engine=-1 cause="engine test`)
		assert.Equal(t, c.engine == 2, lost, "%s rolls %d", c.driver, c.roll)
	}
	assert.False(t, (&Game{Config: StreetConfig(), weather: Wet}).streetEngineSpared(&Car{Driver: DriverDimitri}, 2))
	assert.True(t, (&Game{Config: StreetConfig(), weather: Wet}).streetEngineSpared(&Car{Driver: DriverDimitri}, 3))
}

func TestStreetTemana(t *testing.T) {
	// EX-F-43: the drop leaves debris on the space he leaves, once per lap;
	// debris costs him handling only on 1–2
	h := streetPlay(t, driving("rue-haute.0.1", 2, DriverTemana))
	h.gear(2, 3)
	var drop *Option
	for _, op := range h.pending().Options {
		if op.Drop && h.name(op.End) == "rue-haute.3.1" && op.Nitro == 0 {
			drop = &op
		}
	}
	require.NotNil(t, drop)
	choose(h, *drop)
	assert.Equal(t, []string{"rue-haute.0.1"}, h.debris())
	assert.True(t, h.car(1).DropUsed)
	h.gear(2, 3)
	for _, op := range h.pending().Options {
		assert.False(t, op.Drop, "once per lap")
	}
	// handling: 3 spares him, a normal car loses
	for _, c := range []struct {
		driver   string
		roll     int
		handling int
	}{{DriverTemana, 3, 3}, {DriverTemana, 2, 2}, {DriverDerek, 3, 2}} {
		h := play(t, raceCity(t), StreetConfig(), []CarPosition{driving("start.0.1", 2, c.driver)}, []string{"start.1.1", "start.2.1"})
		h.gear(2, 2)
		var op *Option
		for _, o := range h.pending().Options {
			if h.name(o.End) == "start.2.1" && o.Dangerous == 1 && o.Nitro == 0 && !o.Drop {
				op = &o
			}
		}
		require.NotNil(t, op)
		choose(h, *op, c.roll)
		assert.Equal(t, c.handling, h.car(1).Wear[Handling], "%s rolls %d", c.driver, c.roll)
	}
}

func TestStreetDerekCollision(t *testing.T) {
	// EX-F-38: Derek ends beside X: X rolls twice, Derek once
	h := streetPlay(t, driving("start.3.1", 2, DriverDerek), driving("start.6.2", 1, DriverDiane))
	h.gear(1, 1)
	h.submit(Order{Car: 2, Letter: plainTo(h, "start.7.2", 1).Letter})
	h.since()
	h.gear(2, 4)
	h.submit(Order{Car: 1, Letter: plainTo(h, "start.7.1", 4).Letter}, 1, 1, 5)
	evs := kinds(h.since(), "roll")
	require.Len(t, evs, 4, "%v", evs) // the gear die, Diane twice, Derek once
	assert.Equal(t, 1, h.car(2).Wear[Body], "two body points for Diane")
	assert.Equal(t, 4, h.car(1).Wear[Body])
}

func TestStreetDianeTies(t *testing.T) {
	// EX-F-44: Diane plays first on a tie, even against a faster car
	h := streetPlay(t, driving("start.3.0", 4, DriverDerek), driving("start.3.2", 3, DriverDiane))
	h.expect(2, DecideGear)
	h2 := streetPlay(t, driving("start.3.0", 4, DriverDerek), driving("start.3.2", 3, DriverTemana))
	h2.expect(1, DecideGear)
	// the grid: Diane wins every tie on the black die
	g, err := NewGame("grid", StreetConfig(), raceCity(t), 2)
	require.NoError(t, err)
	// Start rolls nothing before the driver decisions
	src := dice.NewScripted()
	require.NoError(t, g.Start(src))
	require.NoError(t, g.Submit(Order{Car: 1, Letter: "derek"}, src))
	require.NoError(t, g.Submit(Order{Car: 2, Letter: "diane"}, dice.NewScripted(10, 10, 10, 1)))
	evs := strings.Join(eventLines(g), "\n")
	assert.Contains(t, evs, "grid order=2,1")
}

func eventLines(g *Game) []string {
	var out []string
	for _, e := range g.Events {
		out = append(out, e.String())
	}
	return out
}

func TestStreetCheckpoint(t *testing.T) {
	// EX-F-39: Jenny crosses with 1/3/2/2/2/2: tyres back to 4 and 4 PS
	h := streetPlay(t, driving("main.11.1", 4, DriverJenny).wear("1/3/2/2/2/2").laps(0))
	h.gear(4, 7)
	h.move("start.4.1")
	// the player spreads the 4 PS: brakes 3 short, body 1, engine 1
	d := h.expect(1, DecideRepair)
	assert.Equal(t, "4/3/2/2/2/2", h.wear(1), "tyres restored at once")
	assert.Equal(t, []string{"0/2/0/1/1/0", "0/3/0/0/1/0", "0/3/0/1/0/0"}, spreads(d))
	auto, ok := Autopilot(h.g)
	require.True(t, ok)
	assert.Equal(t, "0/2/0/1/1/0", repairOf(d, auto.Letter).Compact(), "the autopilot: to the largest gap, brakes, brakes, engine, body")
	h.submit(Order{Car: 1, Letter: repairLetter(d, "0/3/0/1/0/0")}) // EX-F-39: brakes +3, body +1
	assert.Equal(t, "4/6/2/3/2/2", h.wear(1))
	assert.Contains(t, h.since(), `repair car=1 brakes=3 body=1 cause="checkpoint (U-CHK-01)"`)
	// a normal car gets 2, never on the tyres
	h2 := streetPlay(t, driving("main.11.1", 4, DriverDerek).wear("1/1/2/2/2/2").laps(0))
	h2.gear(4, 7)
	h2.move("start.4.1")
	d2 := h2.expect(1, DecideRepair)
	// 2 PS over brakes 2, body 2, engine 1, handling 1 short
	assert.Equal(t, []string{"0/0/0/0/1/1", "0/0/0/1/0/1", "0/0/0/1/1/0", "0/0/0/2/0/0", "0/1/0/0/0/1", "0/1/0/0/1/0", "0/1/0/1/0/0", "0/2/0/0/0/0"}, spreads(d2))
	h2.submit(Order{Car: 1, Letter: repairLetter(d2, "0/0/0/2/0/0")})
	assert.Equal(t, "6/1/2/4/2/2", h2.wear(1))
	// not on the crossing that ends the race (AMB-28)
	h3 := streetPlay(t, driving("main.11.1", 4, DriverDerek).wear("1/1/2/2/2/2").laps(1))
	h3.gear(4, 7)
	h3.move("start.4.1")
	assert.Equal(t, Finished, h3.car(1).Status)
	assert.Equal(t, "1/1/2/2/2/2", h3.car(1).Wear.Compact())
}

func TestStreetPolice(t *testing.T) {
	// EX-F-37: B crosses at 180, C later at 180, A at 110: B wins 2 PS
	h := streetPlay(t,
		driving("avenue.0.0", 4, DriverDimitri),
		driving("avenue.1.0", 5, DriverDerek).wear("6/3/2/2/2/3"),
		driving("avenue.0.2", 5, DriverTemana))
	// order: B (car 2), C (car 3), A (car 1)
	h.expect(2, DecideGear)
	h.gear(5, 18)
	h.submit(Order{Car: 2, Letter: firstPlain(h)})
	h.expect(3, DecideGear)
	h.gear(5, 18)
	h.submit(Order{Car: 3, Letter: firstPlain(h)}, 10, 10, 10) // contact with Derek: he rolls once, Temana twice
	assert.Equal(t, 2, h.car(2).Wear[Body], "no award before all have crossed")
	h.expect(1, DecideGear)
	h.gear(4, 11)
	h.submit(Order{Car: 1, Letter: firstPlain(h)})
	evs := strings.Join(h.since(), "\n")
	assert.Contains(t, evs, "police car=2 lap=1 speed=180")
	assert.Contains(t, evs, "police car=3 lap=1 speed=180")
	assert.Contains(t, evs, "police car=1 lap=1 speed=110")
	assert.Contains(t, evs, "police-award car=2 lap=1 speed=180")
	// Derek (card 6/3/2/4/3/3) spreads the 2 PS freely, tyres included:
	// body 2 short, engine 1
	d := h.expect(2, DecideRepair)
	assert.Equal(t, []string{"0/0/0/1/1/0", "0/0/0/2/0/0"}, spreads(d))
	h.submit(Order{Car: 2, Letter: repairLetter(d, "0/0/0/1/1/0")})
	assert.Equal(t, 3, h.car(2).Wear[Body])
	assert.Equal(t, 3, h.car(2).Wear[Engine])
	assert.Equal(t, DecideGear, h.pending().Kind, "round 2: the turns go on")
}

// spreads lists a repair decision's spreads, sorted.
func spreads(d *Decision) []string {
	var out []string
	for _, op := range d.Options {
		out = append(out, op.Repair.Compact())
	}
	slices.Sort(out)
	return out
}

func repairOf(d *Decision, letter string) Wear {
	for _, op := range d.Options {
		if op.Letter == letter {
			return op.Repair
		}
	}
	return Wear{}
}

func repairLetter(d *Decision, spread string) string {
	for _, op := range d.Options {
		if op.Repair.Compact() == spread {
			return op.Letter
		}
	}
	panic("no spread " + spread)
}

// firstPlain is the longest option with no declaration, no braking and no
// elimination.
func firstPlain(h *harness) string {
	for _, op := range h.pending().Options {
		if op.Nitro == 0 && !op.Drop && op.Braked == 0 && !op.Eliminated && !op.Stop && op.Dangerous == 0 && op.Overshoot == 0 {
			return op.Letter
		}
	}
	panic(fmt.Sprint("no plain option"))
}

func TestStreetPositionRoundTrip(t *testing.T) {
	p := Position{Round: 3, Cars: []CarPosition{driving("avenue.0.1", 3, DriverMontoya).flag("nitro"), driving("avenue.2.1", 3, DriverTemana).flag("drop")}}
	p.Cars[0].Car, p.Cars[1].Car = 1, 2
	back, err := ParsePosition(p.Events())
	require.NoError(t, err)
	assert.Equal(t, DriverMontoya, back.Cars[0].Driver)
	g, err := NewGame("p", StreetConfig(), raceCity(t), 2)
	require.NoError(t, err)
	require.NoError(t, g.StartFrom(back, dice.NewScripted()))
	assert.True(t, g.Cars[0].NitroUsed)
	assert.True(t, g.Cars[1].DropUsed)
	got := g.Position()
	assert.Equal(t, DriverTemana, got.Cars[1].Driver)
	assert.Contains(t, got.Cars[0].Flags, "nitro")
	// a driver above its card is refused (R-PS-04)
	bad := Position{Round: 1, Cars: []CarPosition{driving("avenue.0.1", 3, DriverJenny).set(Tyres, 5)}}
	bad.Cars[0].Car = 1
	g2, _ := NewGame("p", StreetConfig(), raceCity(t), 1)
	require.Error(t, g2.StartFrom(bad, dice.NewScripted()))
}

func TestStreetTunnel(t *testing.T) {
	// EX-F-40: 2 steps before entry «2», a move of 4: normal space, entry,
	// exit, the space after; the tunnel's spaces are never entered
	h := streetPlay(t, driving("docks.1.1", 2, DriverDerek))
	h.gear(2, 4)
	op := plainTo(h, "docks-exit.1.1", 4)
	var names []string
	for _, s := range op.Path {
		names = append(names, h.name(s))
		assert.True(t, h.c.Spaces[s].Playable())
	}
	assert.Equal(t, []string{"docks.2.1", "docks.3.1", "docks-exit.0.1", "docks-exit.1.1"}, names)
	for _, o := range h.pending().Options {
		for _, s := range o.Path {
			assert.True(t, h.c.Spaces[s].Playable(), "tunnel interior %s", h.name(s))
		}
	}
	// Li-Tsu beyond the tunnel is passed through it
	h2 := streetPlay(t, driving("docks-exit.0.0", 1, DriverLiTsu), driving("docks.1.1", 2, DriverDerek))
	h2.gear(1, 1)
	h2.submit(Order{Car: 1, Letter: plainTo(h2, "docks-exit.0.0", 0).Letter})
	h2.gear(2, 4)
	op = plainTo(h2, "docks-exit.0.1", 3)
	assert.True(t, op.Cute, "passing her through the tunnel costs a space")
	assert.Zero(t, op.Braked, "at no brake cost")
	_, full := nitroOption(h2, "docks-exit.1.1", 0)
	assert.False(t, full, "the full move would pass her (only the nitro, braked, reaches it: AMB-28)")
}

func TestStreetDerekPassive(t *testing.T) {
	// EX-F-38: X ends beside Derek: X rolls twice for Derek, Derek once
	h := streetPlay(t, driving("start.6.2", 1, DriverDerek), driving("start.3.1", 2, DriverDiane))
	h.gear(1, 1)
	h.submit(Order{Car: 1, Letter: plainTo(h, "start.7.2", 1).Letter})
	h.since()
	h.gear(2, 4)
	h.submit(Order{Car: 2, Letter: plainTo(h, "start.7.1", 4).Letter}, 5, 1, 1)
	rolls := kinds(h.since(), "roll")
	require.Len(t, rolls, 4, "%v", rolls) // the gear die, Derek once, Diane twice
	assert.Equal(t, 1, h.car(2).Wear[Body], "Diane loses two body points")
	assert.Equal(t, 4, h.car(1).Wear[Body])
}
