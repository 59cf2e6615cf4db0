package fd

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/tracks"
)

// The markers a race drops on the track (R17.1, R-DEB-01): the base knows
// one kind, whose failed handling test costs a handling point (R17.2).
// League variants give them more state: 17-B a kind by what dropped them
// (MarkerLossRule), 17-D the passages over them (Turn.Passages). The game
// keeps that state beside Debris, and a position writes it (kinds=,
// passages=), so a race resumed from one plays on the same.

// MarkerKind is what dropped a marker (league 17-B).
type MarkerKind int

const (
	// MarkerGeneric is the base's marker: anything but what follows, and
	// every marker when 17-B is off.
	MarkerGeneric MarkerKind = iota
	// MarkerDebris: a collision, a wall, a blocking, a lost body point.
	MarkerDebris
	// MarkerOil: an engine failure, an inertia move.
	MarkerOil
)

var markerKindNames = []string{"generic", "debris", "oil"}

func (k MarkerKind) String() string { return markerKindNames[k] }

// parseMarkerKind reads a typed marker's kind (not generic: a position
// writes only the typed ones).
func parseMarkerKind(s string) (MarkerKind, bool) {
	i := slices.Index(markerKindNames, s)
	return MarkerKind(i), i > int(MarkerGeneric)
}

// dropMarker puts a marker of kind on s (dropDebris's rules: one a space,
// playable spaces only); the kind is kept only where a module types the
// markers (17-B), and the "debris" event then says it.
func (g *Game) dropMarker(s tracks.SpaceID, kind MarkerKind) {
	if g.Debris[s] || !g.Track.Spaces[s].Playable() {
		return
	}
	if kind == MarkerGeneric || g.hooks.markerLoss == nil {
		g.dropDebris(s)
		return
	}
	g.Debris[s] = true
	if g.markerKinds == nil {
		g.markerKinds = map[tracks.SpaceID]MarkerKind{}
	}
	g.markerKinds[s] = kind
	g.emit(Encode(DebrisEvent{Space: g.Track.Spaces[s].Name, Kind: kind.String()}))
}

// removeMarker takes a marker off s with all its state.
func (g *Game) removeMarker(s tracks.SpaceID) {
	delete(g.Debris, s)
	delete(g.markerKinds, s)
	delete(g.passages, s)
}

// markerKind is the kind of the marker on s; a printed dangerous space
// with no marker is generic.
func (g *Game) markerKind(s tracks.SpaceID) MarkerKind {
	return g.markerKinds[s] // the zero value: generic
}

// MarkerKindOn is the kind of the marker on s, for a board to draw oil
// apart (17-B); generic when 17-B is off or s has no typed marker.
func (g *Game) MarkerKindOn(s tracks.SpaceID) MarkerKind { return g.markerKind(s) }

// markerLoss is what a car loses on the dangerous space s and whether a
// failed handling test decides it: a handling point on a failed test
// (R17.2), as the module typing the markers changes it.
func (g *Game) markerLoss(s tracks.SpaceID) (cat Category, tested bool) {
	if g.hooks.markerLoss == nil {
		return Handling, true
	}
	return g.hooks.markerLoss.MarkerLoss(g.markerKind(s))
}

// markerCause is the cause written in the wear event of a loss on s.
func (g *Game) markerCause(s tracks.SpaceID) string {
	name := g.Track.Spaces[s].Name
	switch g.markerKind(s) { // 17-B
	case MarkerDebris:
		return "debris marker on " + name
	case MarkerOil:
		return "oil marker on " + name
	}
	return "dangerous space " + name + " (R17.2)"
}

// markerPositions writes the typed markers and the passages of a position
// ("space:kind", "space:n"), sorted.
func (g *Game) markerPositions() (kinds, passages []string) {
	for s, k := range g.markerKinds {
		kinds = append(kinds, g.Track.Spaces[s].Name+":"+k.String())
	}
	for s, n := range g.passages {
		passages = append(passages, g.Track.Spaces[s].Name+":"+strconv.Itoa(n))
	}
	slices.Sort(kinds)
	slices.Sort(passages)
	return kinds, passages
}

// maxPassages bounds a position's passages= count: a marker is cleaned at
// 17-D's fourth.
const maxPassages = 20

// startMarkers sets the typed markers and passages of a position on the
// game; each must be on one of its markers.
func (g *Game) startMarkers(p Position) error {
	marker := func(arg, entry string) (tracks.SpaceID, string, error) {
		name, val, ok := strings.Cut(entry, ":")
		id, found := g.Track.Lookup(name)
		switch {
		case !ok:
			return 0, "", fmt.Errorf("%s: %q is not space:value", arg, entry)
		case !found:
			return 0, "", fmt.Errorf("%s: no space %q on %s", arg, name, g.Track.ID)
		case !g.Debris[id]:
			return 0, "", fmt.Errorf("%s: no marker on %s (debris= lists the markers)", arg, name)
		}
		return id, val, nil
	}
	if len(p.MarkerKinds) > 0 && g.hooks.markerLoss == nil {
		return fmt.Errorf("kinds: markers have kinds only under league variant 17-B")
	}
	for _, e := range p.MarkerKinds {
		id, val, err := marker("kinds", e)
		if err != nil {
			return err
		}
		kind, ok := parseMarkerKind(val)
		if !ok {
			return fmt.Errorf("kinds: %q is not a marker kind (debris, oil)", val)
		}
		if g.markerKinds == nil {
			g.markerKinds = map[tracks.SpaceID]MarkerKind{}
		}
		g.markerKinds[id] = kind
	}
	for _, e := range p.Passages {
		id, val, err := marker("passages", e)
		if err != nil {
			return err
		}
		n, err := strconv.Atoi(val)
		if err != nil || n < 1 || n > maxPassages || strconv.Itoa(n) != val {
			return fmt.Errorf("passages: %q is not a number of cars from 1 to %d", val, maxPassages)
		}
		if g.passages == nil {
			g.passages = map[tracks.SpaceID]int{}
		}
		g.passages[id] = n
	}
	return nil
}

// Passed counts the play's car over the marker on s (17-D: one passage a
// car a move) and says how many cars have passed it, this one included.
func (t Turn) Passed(s tracks.SpaceID) int {
	g := t.g
	if g.passages == nil {
		g.passages = map[tracks.SpaceID]int{}
	}
	g.passages[s]++
	return g.passages[s]
}

// dangerousSpace reports a space a car entering it is tested on: a
// marker left there, or a space dangerous by the circuit (R-DEB-03; fdr
// R17.1).
func (g *Game) dangerousSpace(s tracks.SpaceID) bool {
	return g.Debris[s] || g.Track.Spaces[s].Has(tracks.FlagDangerous)
}

// dangerLosses sorts the dangerous spaces of a move option by what a car
// loses on each (league 17-B: debris body, oil engine, the rest handling),
// tested (lost on a failed handling test) or sure: the first op.Dangerous
// dangerous spaces of its path, those the move tests.
func (g *Game) dangerLosses(op *Option) (tested, sure [NumCategories]int) {
	if g.hooks.markerLoss == nil {
		tested[Handling] = op.Dangerous
		return tested, sure
	}
	left := op.Dangerous
	for _, s := range op.Path {
		if left == 0 {
			break
		}
		if !g.dangerousSpace(s) {
			continue
		}
		left--
		if cat, t := g.markerLoss(s); t {
			tested[cat]++
		} else {
			sure[cat]++
		}
	}
	return tested, sure
}

// dangerSurvival is the chance a car with left points survives the
// dangerous spaces of op, a handling test failing with chance p.
func (g *Game) dangerSurvival(op Option, left Wear, p float64) float64 {
	tested, sure := g.dangerLosses(&op)
	survive := 1.0
	for cat := range NumCategories {
		if tested[cat]+sure[cat] == 0 {
			continue
		}
		if sure[cat] >= left[cat] {
			return 0
		}
		survive *= 1 - riskAtLeast(tested[cat], left[cat]-sure[cat], p)
	}
	return survive
}
