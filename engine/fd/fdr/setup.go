package fdr

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// Before the race under the competition rules: for each qualifying session
// its weather (R1.2, R3.2), the tyres declared (R1.5) and the timed laps
// (R1, BOT-01..07); the grid (R1.15); the race weather rolled for the
// absolute pole (R2.1, R3.3, R3.4); each driver in grid order, pole first,
// chooses a free pit (R4.1, BOT-10);
// then every player configures the car (R5.2) and fits tyres (R8.1) knowing
// the weather (R3.1, AMB-45).

const (
	fdrStageSession   = iota
	fdrStageQualiWing // league 5-B (b): the wing before a session, once its tyres are fitted
	fdrStageDrive
	fdrStageCollect
	fdrStageGrid
	fdrStageWeather
	fdrStageBoxes
	fdrStageBuild
	fdrStageTyres
	fdrStageWing
	fdrStagePlace
)

func fdrAdvanceSetup(g *fd.Game, src dice.Source) (bool, error) {
	f := fdrRaceState(g)
	for !g.SetupDone() {
		if g.SetupWaiting() || g.QualifyingOpen() {
			return false, nil
		}
		switch f.stage {
		case fdrStageSession:
			if f.session >= g.Config.Sessions {
				f.stage = fdrStageGrid
				continue
			}
			f.session++
			w, err := sessionWeather(g, src, f.session)
			if err != nil {
				return false, err
			}
			f.lastSession = w
			f.rainedInQualifying = f.rainedInQualifying || w == tracks.Rain
			session := fd.Fine
			if w == tracks.Rain {
				session = fd.Wet
			}
			g.SetQualifyingWeather(session)
			g.Emit(fd.Encode(fd.WeatherEvent{Session: "qualifying", N: f.session, Result: w.String(), State: session.String()}))
			if f.session == 1 {
				g.AnnounceCarries() // QualifyingCarry: AX-3's marathon, league AMB-56
			}
			if err := g.DrawRunningOrder(src); err != nil { // 1-A: the unranked's d20s
				return false, err
			}
			if order := g.SessionRunningOrder(f.session); order != nil {
				g.Emit(fd.Encode(fd.RunningOrderEvent{Session: f.session, Order: order}))
			}
			for _, n := range starters(g) {
				g.AskSetupKind(n, fd.DecideTyres) // R1.5
			}
			f.stage = fdrStageQualiWing
		case fdrStageQualiWing:
			if wing := g.WingRule(); wing != nil && wing.BeforeQualifying() {
				for _, n := range starters(g) {
					g.AskSetupKind(n, fd.DecideWing) // WingRule: league 5-B (b), l.371
				}
			}
			f.stage = fdrStageDrive
		case fdrStageDrive:
			if err := g.OpenQualifying(src); err != nil {
				return false, err
			}
			f.stage = fdrStageCollect
		case fdrStageCollect:
			results := g.SessionResults()
			if g.SessionRule() != nil { // SessionRule: every session counts
				for _, n := range fd.CarNumbers(len(g.Cars)) {
					if r, ok := results[n]; ok {
						f.sessions = append(f.sessions, r)
					}
				}
			}
			// AMB-42: each driver's best result counts
			for n, r := range results {
				if old, ok := f.best[n]; !ok || r.RanksBefore(old) {
					f.best[n] = r
				}
			}
			g.CloseSession()
			f.stage = fdrStageSession
		case fdrStageGrid:
			var order []int
			var err error
			if grid := g.GridRule(); grid != nil {
				order, err = grid.Grid(g.SetupView(), src) // GridRule
			} else if g.Config.Sessions > 0 {
				g.SetQualifyingResults(f.best)
				if order, err = fdrQualifyingOrder(g, src); err == nil {
					g.CreditQualifyingGrid(order) // 23-A(c), (i): the grid's earning before the race
				}
			} else {
				order, err = g.RollGrid(src, fd.CarNumbers(len(g.Cars)))
			}
			if err != nil {
				return false, err
			}
			f.grid = order
			f.stage = fdrStageWeather
			if g.ContestOnly() {
				endContest(g, order)
				return true, nil
			}
			f.grid = slices.DeleteFunc(f.grid, func(n int) bool { return g.Car(n).Status != fd.Racing }) // 20-A's QUALI: hurt, no start
			if len(f.grid) == 0 {
				g.EndSetup() // every pilot hurt in qualifying: no race
				g.Finish()
				return true, nil
			}
		case fdrStageWeather:
			// R2.1, BOT-09: rolled for the absolute pole-sitter
			v, err := g.Black(src, f.grid[0], "weather")
			if err != nil {
				return false, err
			}
			w, err := g.Track.WeatherFor(v)
			if err != nil {
				return false, err
			}
			switch w {
			case tracks.Sun:
				g.SetWeather(fd.Fine) // R3.3: dry, no tests
			case tracks.Rain:
				g.SetWeather(fd.Wet) // R3.3: wet, no tests
			default:
				// R3.4: the last session decides the starting track
				g.SetWeather(fd.Overcast)
				if g.Config.Sessions > 0 && f.lastSession == tracks.Rain {
					g.SetWeather(fd.ChangeableWet)
				}
			}
			if x, ok := g.RaceWeatherRoll(fd.WeatherDraw{Face: v, Result: w, Start: true, Last: -1}); ok {
				g.SetWeather(x) // WeatherRoll: league 3-A, 3-B
			}
			g.Emit(fd.Encode(fd.WeatherEvent{Session: "race", Result: w.String(), State: g.Weather().String(), Car: f.grid[0]}))
			f.stage = fdrStageBoxes
		case fdrStageBoxes:
			if boxes := g.PitBoxRule(); boxes != nil && g.Track.Pit.Usable {
				done, err := boxes.AllocateBoxes(g.SetupView(), src) // PitBoxRule
				if err != nil {
					return false, err
				}
				if done {
					f.stage = fdrStageBuild
				}
				continue
			}
			// R4.1, BOT-10: one driver at a time, in grid order
			if f.boxNext >= len(f.grid) || !g.Track.Pit.Usable {
				f.stage = fdrStageBuild
				continue
			}
			n := f.grid[f.boxNext]
			f.boxNext++
			askBox(g, n)
		case fdrStageBuild:
			for _, n := range starters(g) {
				g.AskSetupKind(n, fd.DecideBuild) // R3.1, R5.2
			}
			f.stage = fdrStageTyres
		case fdrStageTyres:
			for _, n := range starters(g) {
				g.AskSetupKind(n, fd.DecideTyres) // R8.1
			}
			f.stage = fdrStageWing
		case fdrStageWing:
			if h := g.Downforce(); h != nil {
				for _, n := range starters(g) {
					if kind, asked := h.AskedAtSetUp(n); asked {
						g.AskSetupKind(n, kind) // DownforceRule: league 5-B's wing, 5-C's lock
					}
				}
			}
			f.stage = fdrStagePlace
		case fdrStagePlace:
			if start := g.StartRule(); start != nil {
				order, err := start.FormationLap(g.SetupView(), src, f.grid) // StartRule (league 9-A)
				if err != nil {
					return false, err
				}
				f.grid = order
			}
			spaces, err := gridSpaces(g, f.grid)
			if err != nil {
				return false, err
			}
			for i, n := range f.grid {
				c := g.Car(n)
				c.Space = spaces[i]
				levelArrival.Set(c, i) // R9.1: the first round in grid order
			}
			f.arrival = len(f.grid)
			emitGrid(g, f.grid)
			g.EndSetup()
		}
	}
	return true, nil
}

// gridSpaces are the squares of grid's slots, in its order: the circuit's
// grid, or a GridSpaceRule's squares (AX-5's symmetric heat).
func gridSpaces(g *fd.Game, grid []int) ([]tracks.SpaceID, error) {
	rule := g.GridSpaceRule()
	if rule == nil {
		return g.Track.Grid, nil
	}
	spaces, err := rule.GridSpaces(g.SetupView(), grid) // GridSpaceRule
	if err == nil && len(spaces) < len(grid) {
		err = fmt.Errorf("a grid of %d cars on %d squares", len(grid), len(spaces))
	}
	return spaces, err
}

// emitGrid tells the cars of order on their squares: a grid event, naming
// the squares when a GridSpaceRule chose them (the circuit's grid no longer
// says them, and the board reads them there).
func emitGrid(g *fd.Game, order []int) {
	grid := fd.GridEvent{Order: order}
	if g.GridSpaceRule() != nil {
		names := make([]string, len(order))
		for i, n := range order {
			names[i] = g.Track.Space(g.Car(n).Space).Name
		}
		grid.Spaces = strings.Join(names, ",")
	}
	g.Emit(fd.Encode(grid))
}

// starters are the cars still to race: all of them but those whose pilot
// was hurt in qualifying (20-A's QUALI), in number order.
func starters(g *fd.Game) []int {
	var out []int
	for i := range g.Cars {
		if g.Cars[i].Status == fd.Racing {
			out = append(out, g.Cars[i].Number)
		}
	}
	return out
}

// sessionWeather is qualifying session n's weather: a SessionRule's, or
// one roll for the whole session (R1.2, R3.2; changeable stays dry).
func sessionWeather(g *fd.Game, src dice.Source, n int) (tracks.Weather, error) {
	if s, ok := g.QualifyingSession(n); ok {
		return s.Weather, nil
	}
	v, err := g.Black(src, 0, "weather-qualifying")
	if err != nil {
		return 0, err
	}
	return g.Track.WeatherFor(v)
}

// endContest ends a game that is a qualifying contest (SessionRule): its
// grid is the ranking, each car finished at its place, and no race.
func endContest(g *fd.Game, order []int) {
	for i, n := range order {
		c := g.Car(n)
		c.Status, c.Place = fd.Finished, i+1
	}
	g.Emit(fd.Encode(fd.ContestEvent{Order: order}))
	g.EndSetup()
	g.Finish()
}

// askBox offers the car the pits no driver before it in grid order has
// taken (R4.1), each as an option, nearest the pit-lane entry first.
func askBox(g *fd.Game, n int) {
	taken := map[int]bool{}
	for i := range g.Cars {
		taken[g.Cars[i].PitBox()] = true
	}
	d := &fd.Decision{Car: n, Kind: fd.DecideBox}
	free := 0 // the options counted first: the list sized once (issue 14)
	for i := range g.Track.Pit.Boxes {
		if !taken[i+1] {
			free++
		}
	}
	if free > 0 {
		d.Options = make([]fd.Option, 0, free)
	}
	for i := range g.Track.Pit.Boxes {
		if !taken[i+1] {
			d.Options = append(d.Options, fd.Option{Letter: fd.OptionLetter(len(d.Options)), Box: i + 1})
		}
	}
	g.AskSetup(d)
}

// fdrBuildOptions offers the presets (R5.2) fitted to the car's spread;
// numbers are accepted too.
func fdrBuildOptions(sp fd.Spread) []fd.Option {
	if sp.Only != (fd.Wear{}) {
		return []fd.Option{{Letter: fd.OptionLetter(0), Build: sp.Only, Pits: sp.Total - sp.Only.CarPoints()}}
	}
	opts := make([]fd.Option, 0, len(FDRPresets)) // sized once (issue 14)
	for i, w := range FDRPresets {
		w = fitSpread(w, sp)
		opts = append(opts, fd.Option{Letter: fd.OptionLetter(i), Build: w, Pits: sp.Total - w.CarPoints()})
	}
	return opts
}

// fitSpread takes points off a preset's tyres, or adds them there, until
// its car total is within the spread (the presets all spread R5.2's 22;
// a season pot may give fewer or more). Tyres, the largest category of
// every preset, never fall below 1.
func fitSpread(w fd.Wear, sp fd.Spread) fd.Wear {
	if sp.Only != (fd.Wear{}) {
		return sp.Only
	}
	if t := w.CarPoints(); t > sp.CarMax {
		w = takeOff(w, t-sp.CarMax)
	} else if t < sp.CarMin {
		w[fd.Tyres] += sp.CarMin - t
	}
	return w
}

// takeOff takes n points off a configuration, from its tyres down to 1,
// then one at a time from its largest category, first in category order
// (league 5-A's booster points take up to 6 of the 22).
func takeOff(w fd.Wear, n int) fd.Wear {
	cut := min(n, w[fd.Tyres]-1)
	w[fd.Tyres] -= cut
	for n -= cut; n > 0; n-- {
		big := fd.Category(0)
		for cat := fd.Category(1); cat < fd.NumCategories; cat++ {
			if w[cat] > w[big] {
				big = cat
			}
		}
		if w[big] <= 1 {
			break
		}
		w[big]--
	}
	return w
}

// fdrBuildDecisionOptions are the presets of car's build decision
// (R5.2), fitted to the points its modules leave it.
func fdrBuildDecisionOptions(g *fd.Game, car int) []fd.Option {
	sp, kept := g.BuildSpread(car) // MoveReroll: league 5-E2
	opts := fdrBuildOptions(sp)    // FDR R5.2, fitted to leave the kept points
	for i := range opts {
		opts[i].Pits -= kept
	}
	return opts
}

// fdrSubmitBuildOrder takes a build order: a preset's letter or numbers,
// with the booster points the player chose (league 5-A, AMB-14) when he
// says them: a preset is then fitted to what they leave. A refused order
// leaves the car as it was.
func fdrSubmitBuildOrder(g *fd.Game, c *fd.Car, o fd.Order, d *fd.Decision) error {
	if !o.BoostersChosen {
		w := o.Build
		if o.Letter != "" {
			op, err := d.Pick(o.Letter)
			if err != nil {
				return err
			}
			w = op.Build
		}
		return fdrSubmitBuild(g, c, w)
	}
	was, wasChosen := fd.PlayerBoosters(c)
	err := g.ChooseBoosters(c, o.Boosters)
	if err != nil {
		err = fmt.Errorf("%w: %v", fd.ErrIllegal, err)
	}
	w := o.Build
	if err == nil && o.Letter != "" {
		var op fd.Option
		op, err = (&fd.Decision{Car: c.Number, Kind: fd.DecideBuild, Options: fdrBuildDecisionOptions(g, c.Number)}).Pick(o.Letter)
		w = op.Build
	}
	if err == nil {
		err = fdrSubmitBuild(g, c, w)
	}
	if err != nil {
		fd.SetPlayerBoosters(c, was, wasChosen)
	}
	return err
}

// fdrSubmitBuild takes a configuration (R5.2, T10): it is final once given.
func fdrSubmitBuild(g *fd.Game, c *fd.Car, w fd.Wear) error {
	sp := g.Spread(c.Number)
	if err := validateSpread(w, sp); err != nil {
		if b := g.BuiltShare(c.Number); b > 0 { // BuildShare: league 5-A, 16-F
			return fmt.Errorf("%w: car %d builds %d booster points of its %d (league %s): %v", fd.ErrIllegal, c.Number, b, sp.Total+b, g.BoosterVariant(), err)
		}
		return fmt.Errorf("%w: %v", fd.ErrIllegal, err)
	}
	if err := g.TeamBuildAllowed(c.Number, w); err != nil { // TeamBuildRule (4-B)
		return fmt.Errorf("%w: %v", fd.ErrIllegal, err)
	}
	kept := g.BuildReserved(c.Number) // MoveReroll: league 5-E2
	pit := sp.Total - w.CarPoints() - kept
	if pit < 0 {
		return fmt.Errorf("%w: car %d keeps %d of its %d build points for its telemetry point (league 5-E2): %d at most on the car", fd.ErrIllegal, c.Number, kept, sp.Total, sp.Total-kept)
	}
	if n, chosen := fd.PlayerBoosters(c); chosen { // the player's own booster points (5-A), replayed from the order
		g.Emit(fd.OrderEvent{Car: c.Number, Build: w.Compact(), Boosters: strconv.Itoa(n)}.Line())
	} else {
		g.Emit(fd.OrderEvent{Car: c.Number, Build: w.Compact()}.Line())
	}
	g.SetPitPool(c.Number, pit)
	g.Emit(fd.Encode(fd.ConfigurationEvent{Car: c.Number, Wear: w.Compact(), Pit: &pit}))
	tuned := g.TuneBuild(c, w) // BuildTune: league 19-F
	c.Wear = tuned
	g.SetStartingWear(c, tuned)
	g.RefreshTeamBuilds(c.Number, w)
	return nil
}

// fdrQualifyingOrder is the grid (R1.13, R1.15, AMB-42), with a black-die
// roll-off for what is still tied.
func fdrQualifyingOrder(g *fd.Game, src dice.Source) ([]int, error) {
	rs := g.QualifyingResults()
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].RanksBefore(rs[j]) })
	var order []int
	for i := 0; i < len(rs); {
		j := i + 1
		for j < len(rs) && !rs[i].RanksBefore(rs[j]) && !rs[j].RanksBefore(rs[i]) {
			j++
		}
		var tied []int
		for _, r := range rs[i:j] {
			tied = append(tied, r.Car)
		}
		sub, err := g.RollGrid(src, tied)
		if err != nil {
			return nil, err
		}
		order = append(order, sub...)
		i = j
	}
	if len(order) != len(g.Cars) {
		return nil, fmt.Errorf("qualifying: %d results for %d cars", len(order), len(g.Cars))
	}
	return order, nil
}
