package ai

import "github.com/pitwall/pitwall/engine/fd"

// A legend's own setup under the competition rules (fdr): the race's tyres
// for the weather. Everything else of the setup (the configuration, the
// qualifying session and its tyres, the pit, the kind of stop) and every
// other level's setup stays the autopilot's.
//
// The autopilot fits hard tyres on a dry track: a cautious driver's
// choice. Soft tyres add an optional space to every move of their set's
// first lap (R8.5, R8.10) and double the tyre points an overshoot costs
// (×3 on the set's third lap, T3). The legend sees that price in every move
// option the engine offers (Option.Cost) and brakes first where it may, so
// on a dry track (fine, or changeable and dry: R3.3, R3.4) it fits softs
// for the race, and again at each stop while the track is dry: a new set
// is one more lap with the bonus (R19.11, R19.14). In the rain the
// autopilot's tyres stand (rain tyres, R8.8).
//
// Qualifying stays on the autopilot's hard tyres: its laps driven on softs
// (trial laps, 100 a circuit) scored worse on every Grand Prix circuit,
// the doubled penalty rolls (R1.9) outweighing the bonus.

// fdrSetup is a legend's answer to a setup decision under fdr, or false
// when the autopilot's answer stands.
func (d Driver) fdrSetup(g *fd.Game, dec *fd.Decision) (fd.Order, bool) {
	if d.Level < Legend || g.Config.Rules != fd.FDR || !dryTrack(g.Weather()) {
		return fd.Order{}, false
	}
	switch dec.Kind {
	case fd.DecideTyres: // R8.1: fitted at the race's configuration
		if g.TyresForQualifying() {
			return fd.Order{}, false // R1.5: the autopilot's
		}
		for _, op := range dec.Options {
			if op.Tyre == fd.Soft {
				return fd.Order{Car: dec.Car, Letter: op.Letter}, true
			}
		}
	case fd.DecidePit: // R19.14: the next lap's tyres, announced first
		auto, ok := fd.AutopilotFor(g, dec.Car)
		if !ok {
			return fd.Order{}, false
		}
		if letter, ok := softTwin(dec.Options, auto.Letter); ok {
			return fd.Order{Car: dec.Car, Letter: letter}, true
		}
	}
	return fd.Order{}, false
}

// dryTrack says whether the track is dry: fine, or changeable and dry
// (R3.3, R3.4). The league's extremes (heatwave, deluge) keep the
// autopilot's tyres.
func dryTrack(w fd.WeatherState) bool {
	return w == fd.Fine || w == fd.Overcast
}

// softTwin is the letter of the stop chosen (the same kind of stop,
// repairs, engineer and downforce) on soft tyres, false when it is
// already on softs or no such stop is offered.
func softTwin(opts []fd.Option, chosen string) (string, bool) {
	i := -1
	for j, op := range opts {
		if op.Letter == chosen {
			i = j
			break
		}
	}
	if i < 0 || opts[i].Tyre == fd.Soft {
		return "", false
	}
	want := opts[i]
	for _, op := range opts {
		if op.Tyre == fd.Soft && op.Technical == want.Technical && op.Repair == want.Repair &&
			op.Engineer == want.Engineer && op.Downforce == want.Downforce && op.DownforceUp == want.DownforceUp {
			return op.Letter, true
		}
	}
	return "", false
}
