package street

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
	"github.com/pitwall/pitwall/tracks"
)

// Street races (formula-d-2008.md §2.18) with scripted dice on race-city.

func raceCity(t testing.TB) *tracks.Circuit { return fdtest.Track(t, "race-city") }

// driving places a started street car with its driver's full card.
func driving(space string, gear int, driver string) fdtest.CarAt {
	return fdtest.At(space, gear).WithDriver(driver)
}

// streetPlay starts a street race on race-city from the cars.
func streetPlay(t *testing.T, cars ...fdtest.CarAt) *fdtest.Harness {
	return fdtest.Start(t, raceCity(t), Config(), cars, nil)
}

// nitroOption finds the move option ending on end with the given nitro.
func nitroOption(h *fdtest.Harness, end string, nitro int) (fd.Option, bool) {
	for _, op := range h.Pending().Options {
		if h.Name(op.End) == end && op.Nitro == nitro && !op.Drop {
			return op, true
		}
	}
	return fd.Option{}, false
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
	require.Len(t, Drivers, 10)
	for _, d := range Drivers {
		w, ok := want[d.Name]
		require.True(t, ok, d.Name)
		total := 0
		for i := range d.Wear {
			assert.Equal(t, w[i], d.Wear[i], "%s %s", d.Name, fd.Category(i))
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
	cfg := Config()
	require.NoError(t, cfg.Validate())
	assert.Equal(t, 2, cfg.Laps)
	cfg.Optional.Tyres = true
	require.Error(t, cfg.Validate(), "U-CAR-01: hard tyres only")
	cfg = Config()
	cfg.Optional.Weather = true
	require.NoError(t, cfg.Validate())
	// not on an F1 circuit
	_, err := fd.NewGame("x", Config(), fdtest.Track(t, "test-oval"), 2)
	require.Error(t, err)
	// U-GEN-01: without weather Julien stays out, nine drivers for ten cars
	_, err = fd.NewGame("x", Config(), raceCity(t), 10)
	require.ErrorContains(t, err, "Julien")
	_, err = fd.NewGame("x", cfg, raceCity(t), 10)
	require.NoError(t, err)
	// U-CIR-01: the pits are not used
	assert.False(t, raceCity(t).Pit.Usable)
}

func TestStreetDriverDecision(t *testing.T) {
	g, err := fd.NewGame("d", Config(), raceCity(t), 3)
	require.NoError(t, err)
	src := dice.NewSeeded(fd.SeedFrom("drivers"))
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
	require.NoError(t, g.Submit(fd.Order{Car: 2, Letter: "diane"}, src))
	err = g.Submit(fd.Order{Car: 1, Letter: "Diane Montfort"}, src)
	require.ErrorIs(t, err, fd.ErrIllegal, "each driver at most once")
	require.ErrorContains(t, err, "car 2")
	require.ErrorIs(t, g.Submit(fd.Order{Car: 1, Letter: "E"}, src), fd.ErrIllegal, "Julien's letter without weather")
	require.ErrorIs(t, g.Submit(fd.Order{Car: 1, Letter: "frogger"}, src), fd.ErrIllegal)
	for _, d := range g.PendingAll() {
		for _, op := range d.Options {
			assert.NotEqual(t, DriverDiane, op.Driver, "a taken driver is no longer offered")
		}
	}
	require.NoError(t, g.Submit(fd.Order{Car: 1, Letter: "C"}, src)) // Stanley by letter
	require.NoError(t, g.Submit(fd.Order{Car: 3, Letter: "Jenny"}, src))
	assert.Equal(t, DriverStanley, driverKey(&g.Cars[0]))
	assert.Equal(t, DriverDiane, driverKey(&g.Cars[1]))
	assert.Equal(t, DriverJenny, driverKey(&g.Cars[2]))
	assert.Equal(t, fd.Wear{4, 6, 2, 3, 3, 2}, g.Cars[2].Wear, "the card's PS (U-DRV-01)")
	assert.Equal(t, fd.Wear{4, 6, 2, 3, 3, 2}, g.StartingWear(&g.Cars[2]))
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
	h.Gear(2, 3)
	d := h.Expect(1, fd.DecideMove)
	assert.Equal(t, 3, d.Distance)
	op, ok := nitroOption(h, "rue-haute.5.1", 2)
	require.True(t, ok, h.Describe(d))
	assert.Len(t, op.Path, 5)
	nitroLengths := map[int]bool{}
	for _, o := range d.Options {
		if o.Nitro > 0 {
			assert.Equal(t, 2, o.Nitro)
			nitroLengths[len(o.Path)] = true
			// AMB-28: the bonus counts toward the distance; brakes may
			// shorten the total, 1 brake point per space
			assert.Equal(t, 5, len(o.Path)+o.Braked, "5 spaces, braked %d", o.Braked)
			assert.Equal(t, o.Braked, o.Cost[fd.Brakes])
		}
	}
	assert.Equal(t, map[int]bool{4: true, 5: true}, nitroLengths, "4 spaces: the nitro braked by 1, beyond the 3 without it")
	h.Choose(op)
	assert.Contains(t, h.Since(), "nitro car=1 bonus=2")
	assert.True(t, nitroSpent.Of(h.Car(1)))
	h.Gear(2, 2)
	for _, o := range h.Pending().Options {
		assert.Zero(t, o.Nitro, "a second nitro in the same lap")
	}
	// AMB-28: the flag resets at the line
	h2 := streetPlay(t, driving("main.11.1", 4, DriverDerek).WithLaps(0).WithFlags("nitro"))
	h2.Gear(4, 7)
	for _, o := range h2.Pending().Options {
		assert.Zero(t, o.Nitro)
	}
	h2.Move("start.4.1")
	assert.False(t, nitroSpent.Of(h2.Car(1)), "reset at the line (AMB-28)")
}

func TestStreetMontoyaNitro(t *testing.T) {
	// EX-F-36: Montoya in 3rd rolls 6: 9 or 12
	h := streetPlay(t, driving("avenue.0.1", 3, DriverMontoya))
	h.Gear(3, 6)
	_, ok := nitroOption(h, "avenue.6.1", 0)
	require.True(t, ok)
	op9, ok := nitroOption(h, "speed-trap.0.1", 3)
	require.True(t, ok, h.Describe(h.Pending()))
	assert.Len(t, op9.Path, 9)
	op12, ok := nitroOption(h, "speed-trap.3.1", 6)
	require.True(t, ok, h.Describe(h.Pending()))
	assert.Len(t, op12.Path, 12)
	h.Choose(op12)
	assert.Contains(t, h.Since(), "nitro car=1 bonus=6")
	// others get the gear only
	h2 := streetPlay(t, driving("avenue.0.1", 3, DriverDerek))
	h2.Gear(3, 6)
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
		h.Gear(2, 3)
		h.MoveN("market.3.1", 3, c.roll)
		assert.Equal(t, c.want, h.Wear(1), "roll %d", c.roll)
		if c.roll >= 19 {
			assert.Equal(t, []string{"market.3.1"}, h.Debris())
		}
	}
	// passing through does not roll
	h := streetPlay(t, driving("market.2.1", 3, DriverDerek))
	h.Gear(3, 5)
	h.Submit(fd.Order{Car: 1, Letter: plainTo(h, "fish-market.1.1", 5).Letter})
	assert.NotContains(t, strings.Join(h.Since(), "\n"), "for=noise")
}

func TestStreetZoneIsDebris(t *testing.T) {
	// U-ZONE-01: the blackened spaces are permanent debris
	h2 := streetPlay(t, driving("the-zone.0.0", 2, DriverDerek))
	h2.Gear(2, 2)
	found := false
	for _, op := range h2.Pending().Options {
		for _, s := range op.Path {
			if h2.Name(s) == "the-zone.1.0" {
				found = true
				assert.Positive(t, op.Dangerous)
			}
		}
	}
	assert.True(t, found)
	var through *fd.Option
	for _, op := range h2.Pending().Options {
		if len(op.Path) == 1 && h2.Name(op.Path[0]) == "the-zone.1.0" && op.Nitro == 0 {
			through = &op
		}
	}
	require.NotNil(t, through)
	h2.Choose(*through, 4) // R-DEB-03: 4 loses a handling point
	assert.Equal(t, 2, h2.Car(1).Wear[fd.Handling])
}

// plainTo is the option ending on end after steps spaces with no street
// declaration.
func plainTo(h *fdtest.Harness, end string, steps int) fd.Option {
	h.T.Helper()
	for _, op := range h.Pending().Options {
		if h.Name(op.End) == end && len(op.Path) == steps && op.Nitro == 0 && !op.Drop {
			return op
		}
	}
	h.T.Fatalf("no plain option to %s in %d:\n%s", end, steps, h.Describe(h.Pending()))
	return fd.Option{}
}

func TestStreetDimitriEngine(t *testing.T) {
	// EX-F-42: dry 3 loses, 4 does not; a normal car loses on 4
	for _, c := range []struct {
		driver string
		roll   int
		engine int
	}{{DriverDimitri, 3, 2}, {DriverDimitri, 4, 3}, {DriverDerek, 4, 2}} {
		h := streetPlay(t, driving("avenue.0.1", 5, c.driver))
		h.Gear(5, 20)
		op, ok := nitroOption(h, "the-zone.3.1", 0)
		if !ok {
			op = h.Pending().Options[len(h.Pending().Options)-1]
			for _, o := range h.Pending().Options {
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
		h.Choose(op, rolls...)
		lost := strings.Contains(strings.Join(h.Since(), "\n"), `engine=-1 cause="engine test`)
		assert.Equal(t, c.engine == 2, lost, "%s rolls %d", c.driver, c.roll)
	}
	// in rain 1–2 only: the module asked on a game built by hand
	wet := &fd.Game{Config: Config()}
	wet.SetWeather(fd.Wet)
	dimitri := &fd.Car{}
	setDriver(dimitri, DriverDimitri)
	assert.False(t, New().EngineSpared(wet, dimitri, 2))
	assert.True(t, New().EngineSpared(wet, dimitri, 3))
}

func TestStreetTemana(t *testing.T) {
	// EX-F-43: the drop leaves debris on the space he leaves, once per lap;
	// debris costs him handling only on 1–2
	h := streetPlay(t, driving("rue-haute.0.1", 2, DriverTemana))
	h.Gear(2, 3)
	var drop *fd.Option
	for _, op := range h.Pending().Options {
		if op.Drop && h.Name(op.End) == "rue-haute.3.1" && op.Nitro == 0 {
			drop = &op
		}
	}
	require.NotNil(t, drop)
	h.Choose(*drop)
	assert.Equal(t, []string{"rue-haute.0.1"}, h.Debris())
	assert.True(t, dropSpent.Of(h.Car(1)))
	h.Gear(2, 3)
	for _, op := range h.Pending().Options {
		assert.False(t, op.Drop, "once per lap")
	}
	// handling: 3 spares him, a normal car loses
	for _, c := range []struct {
		driver   string
		roll     int
		handling int
	}{{DriverTemana, 3, 3}, {DriverTemana, 2, 2}, {DriverDerek, 3, 2}} {
		h := fdtest.Start(t, raceCity(t), Config(), []fdtest.CarAt{driving("start.0.1", 2, c.driver)}, []string{"start.1.1", "start.2.1"})
		h.Gear(2, 2)
		var op *fd.Option
		for _, o := range h.Pending().Options {
			if h.Name(o.End) == "start.2.1" && o.Dangerous == 1 && o.Nitro == 0 && !o.Drop {
				op = &o
			}
		}
		require.NotNil(t, op)
		h.Choose(*op, c.roll)
		assert.Equal(t, c.handling, h.Car(1).Wear[fd.Handling], "%s rolls %d", c.driver, c.roll)
	}
}

func TestStreetDerekCollision(t *testing.T) {
	// EX-F-38: Derek ends beside X: X rolls twice, Derek once
	h := streetPlay(t, driving("start.3.1", 2, DriverDerek), driving("start.6.2", 1, DriverDiane))
	h.Gear(1, 1)
	h.Submit(fd.Order{Car: 2, Letter: plainTo(h, "start.7.2", 1).Letter})
	h.Since()
	h.Gear(2, 4)
	h.Submit(fd.Order{Car: 1, Letter: plainTo(h, "start.7.1", 4).Letter}, 1, 1, 5)
	evs := fdtest.Kinds(h.Since(), "roll")
	require.Len(t, evs, 4, "%v", evs) // the gear die, Diane twice, Derek once
	assert.Equal(t, 1, h.Car(2).Wear[fd.Body], "two body points for Diane")
	assert.Equal(t, 4, h.Car(1).Wear[fd.Body])
}

func TestStreetDianeTies(t *testing.T) {
	// EX-F-44: Diane plays first on a tie, even against a faster car
	h := streetPlay(t, driving("start.3.0", 4, DriverDerek), driving("start.3.2", 3, DriverDiane))
	h.Expect(2, fd.DecideGear)
	h2 := streetPlay(t, driving("start.3.0", 4, DriverDerek), driving("start.3.2", 3, DriverTemana))
	h2.Expect(1, fd.DecideGear)
	// the grid: Diane wins every tie on the black die
	g, err := fd.NewGame("grid", Config(), raceCity(t), 2)
	require.NoError(t, err)
	// Start rolls nothing before the driver decisions
	src := dice.NewScripted()
	require.NoError(t, g.Start(src))
	require.NoError(t, g.Submit(fd.Order{Car: 1, Letter: "derek"}, src))
	require.NoError(t, g.Submit(fd.Order{Car: 2, Letter: "diane"}, dice.NewScripted(10, 10, 10, 1)))
	evs := strings.Join(fdtest.EventLines(g), "\n")
	assert.Contains(t, evs, "grid order=2,1")
}

func TestStreetCheckpoint(t *testing.T) {
	// EX-F-39: Jenny crosses with 1/3/2/2/2/2: tyres back to 4 and 4 PS
	h := streetPlay(t, driving("main.11.1", 4, DriverJenny).WithWear("1/3/2/2/2/2").WithLaps(0))
	h.Gear(4, 7)
	h.Move("start.4.1")
	// the player spreads the 4 PS: brakes 3 short, body 1, engine 1
	d := h.Expect(1, DecideRepair)
	assert.Equal(t, "4/3/2/2/2/2", h.Wear(1), "tyres restored at once")
	assert.Equal(t, []string{"0/2/0/1/1/0", "0/3/0/0/1/0", "0/3/0/1/0/0"}, spreads(d))
	auto, ok := fd.Autopilot(h.G)
	require.True(t, ok)
	assert.Equal(t, "0/2/0/1/1/0", repairOf(d, auto.Letter).Compact(), "the autopilot: to the largest gap, brakes, brakes, engine, body")
	h.Submit(fd.Order{Car: 1, Letter: repairLetter(d, "0/3/0/1/0/0")}) // EX-F-39: brakes +3, body +1
	assert.Equal(t, "4/6/2/3/2/2", h.Wear(1))
	assert.Contains(t, h.Since(), `repair car=1 brakes=3 body=1 cause="checkpoint (U-CHK-01)"`)
	// a normal car gets 2, never on the tyres
	h2 := streetPlay(t, driving("main.11.1", 4, DriverDerek).WithWear("1/1/2/2/2/2").WithLaps(0))
	h2.Gear(4, 7)
	h2.Move("start.4.1")
	d2 := h2.Expect(1, DecideRepair)
	// 2 PS over brakes 2, body 2, engine 1, handling 1 short
	assert.Equal(t, []string{"0/0/0/0/1/1", "0/0/0/1/0/1", "0/0/0/1/1/0", "0/0/0/2/0/0", "0/1/0/0/0/1", "0/1/0/0/1/0", "0/1/0/1/0/0", "0/2/0/0/0/0"}, spreads(d2))
	h2.Submit(fd.Order{Car: 1, Letter: repairLetter(d2, "0/0/0/2/0/0")})
	assert.Equal(t, "6/1/2/4/2/2", h2.Wear(1))
	// not on the crossing that ends the race (AMB-28)
	h3 := streetPlay(t, driving("main.11.1", 4, DriverDerek).WithWear("1/1/2/2/2/2").WithLaps(1))
	h3.Gear(4, 7)
	h3.Move("start.4.1")
	assert.Equal(t, fd.Finished, h3.Car(1).Status)
	assert.Equal(t, "1/1/2/2/2/2", h3.Car(1).Wear.Compact())
}

func TestStreetPolice(t *testing.T) {
	// EX-F-37: B crosses at 180, C later at 180, A at 110: B wins 2 PS
	h := streetPlay(t,
		driving("avenue.0.0", 4, DriverDimitri),
		driving("avenue.1.0", 5, DriverDerek).WithWear("6/3/2/2/2/3"),
		driving("avenue.0.2", 5, DriverTemana))
	// order: B (car 2), C (car 3), A (car 1)
	h.Expect(2, fd.DecideGear)
	h.Gear(5, 18)
	h.Submit(fd.Order{Car: 2, Letter: firstPlain(h)})
	h.Expect(3, fd.DecideGear)
	h.Gear(5, 18)
	h.Submit(fd.Order{Car: 3, Letter: firstPlain(h)}, 10, 10, 10) // contact with Derek: he rolls once, Temana twice
	assert.Equal(t, 2, h.Car(2).Wear[fd.Body], "no award before all have crossed")
	h.Expect(1, fd.DecideGear)
	h.Gear(4, 11)
	h.Submit(fd.Order{Car: 1, Letter: firstPlain(h)})
	evs := strings.Join(h.Since(), "\n")
	assert.Contains(t, evs, "police car=2 lap=1 speed=180")
	assert.Contains(t, evs, "police car=3 lap=1 speed=180")
	assert.Contains(t, evs, "police car=1 lap=1 speed=110")
	assert.Contains(t, evs, "police-award car=2 lap=1 speed=180")
	// Derek (card 6/3/2/4/3/3) spreads the 2 PS freely, tyres included:
	// body 2 short, engine 1
	d := h.Expect(2, DecideRepair)
	assert.Equal(t, []string{"0/0/0/1/1/0", "0/0/0/2/0/0"}, spreads(d))
	h.Submit(fd.Order{Car: 2, Letter: repairLetter(d, "0/0/0/1/1/0")})
	assert.Equal(t, 3, h.Car(2).Wear[fd.Body])
	assert.Equal(t, 3, h.Car(2).Wear[fd.Engine])
	assert.Equal(t, fd.DecideGear, h.Pending().Kind, "round 2: the turns go on")
}

// spreads lists a repair decision's spreads, sorted.
func spreads(d *fd.Decision) []string {
	var out []string
	for _, op := range d.Options {
		out = append(out, op.Repair.Compact())
	}
	slices.Sort(out)
	return out
}

func repairOf(d *fd.Decision, letter string) fd.Wear {
	for _, op := range d.Options {
		if op.Letter == letter {
			return op.Repair
		}
	}
	return fd.Wear{}
}

func repairLetter(d *fd.Decision, spread string) string {
	for _, op := range d.Options {
		if op.Repair.Compact() == spread {
			return op.Letter
		}
	}
	panic("no spread " + spread)
}

// firstPlain is the longest option with no declaration, no braking and no
// elimination.
func firstPlain(h *fdtest.Harness) string {
	for _, op := range h.Pending().Options {
		if op.Nitro == 0 && !op.Drop && op.Braked == 0 && !op.Eliminated && !op.Stop && op.Dangerous == 0 && op.Overshoot == 0 {
			return op.Letter
		}
	}
	panic(fmt.Sprint("no plain option"))
}

func TestStreetPositionRoundTrip(t *testing.T) {
	p := fd.Position{Round: 3, Cars: fdtest.Positions(driving("avenue.0.1", 3, DriverMontoya).WithFlags("nitro"), driving("avenue.2.1", 3, DriverTemana).WithFlags("drop"))}
	back, err := fd.ParsePosition(p.Events())
	require.NoError(t, err)
	assert.Equal(t, DriverMontoya, back.Cars[0].Driver)
	g, err := fd.NewGame("p", Config(), raceCity(t), 2)
	require.NoError(t, err)
	require.NoError(t, g.StartFrom(back, dice.NewScripted()))
	assert.True(t, nitroSpent.Of(&g.Cars[0]))
	assert.True(t, dropSpent.Of(&g.Cars[1]))
	assert.Equal(t, DriverMontoya, driverKey(&g.Cars[0]), "the driver's slot, from driver=")
	got := g.Position()
	assert.Equal(t, DriverTemana, got.Cars[1].Driver)
	assert.Contains(t, got.Cars[0].Flags, "nitro")
	// a driver above its card is refused (R-PS-04)
	bad := fd.Position{Round: 1, Cars: fdtest.Positions(driving("avenue.0.1", 3, DriverJenny).WithPoints(fd.Tyres, 5))}
	g2, _ := fd.NewGame("p", Config(), raceCity(t), 1)
	require.Error(t, g2.StartFrom(bad, dice.NewScripted()))
}

func TestStreetTunnel(t *testing.T) {
	// EX-F-40: 2 steps before entry «2», a move of 4: normal space, entry,
	// exit, the space after; the tunnel's spaces are never entered
	h := streetPlay(t, driving("docks.1.1", 2, DriverDerek))
	h.Gear(2, 4)
	op := plainTo(h, "docks-exit.1.1", 4)
	var names []string
	for _, s := range op.Path {
		names = append(names, h.Name(s))
		assert.True(t, h.Track.Spaces[s].Playable())
	}
	assert.Equal(t, []string{"docks.2.1", "docks.3.1", "docks-exit.0.1", "docks-exit.1.1"}, names)
	for _, o := range h.Pending().Options {
		for _, s := range o.Path {
			assert.True(t, h.Track.Spaces[s].Playable(), "tunnel interior %s", h.Name(s))
		}
	}
	// Li-Tsu beyond the tunnel is passed through it
	h2 := streetPlay(t, driving("docks-exit.0.0", 1, DriverLiTsu), driving("docks.1.1", 2, DriverDerek))
	h2.Gear(1, 1)
	h2.Submit(fd.Order{Car: 1, Letter: plainTo(h2, "docks-exit.0.0", 0).Letter})
	h2.Gear(2, 4)
	op = plainTo(h2, "docks-exit.0.1", 3)
	assert.True(t, op.Cute, "passing her through the tunnel costs a space")
	assert.Zero(t, op.Braked, "at no brake cost")
	_, full := nitroOption(h2, "docks-exit.1.1", 0)
	assert.False(t, full, "the full move would pass her (only the nitro, braked, reaches it: AMB-28)")
}

func TestStreetDerekPassive(t *testing.T) {
	// EX-F-38: X ends beside Derek: X rolls twice for Derek, Derek once
	h := streetPlay(t, driving("start.6.2", 1, DriverDerek), driving("start.3.1", 2, DriverDiane))
	h.Gear(1, 1)
	h.Submit(fd.Order{Car: 1, Letter: plainTo(h, "start.7.2", 1).Letter})
	h.Since()
	h.Gear(2, 4)
	h.Submit(fd.Order{Car: 2, Letter: plainTo(h, "start.7.1", 4).Letter}, 5, 1, 1)
	rolls := fdtest.Kinds(h.Since(), "roll")
	require.Len(t, rolls, 4, "%v", rolls) // the gear die, Derek once, Diane twice
	assert.Equal(t, 1, h.Car(2).Wear[fd.Body], "Diane loses two body points")
	assert.Equal(t, 4, h.Car(1).Wear[fd.Body])
}
