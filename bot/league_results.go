package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// recordResults records, in calendar order, for each event of the league
// whose race is over and whose result is not recorded yet, its result, and posts the results
// and standings to every member and channel: all in one transaction with
// the league's version, so a result is recorded and posted once, even
// after a kill -9 at any point.
func (s *Service) recordResults(ctx context.Context, id string) error {
	return s.store.Update(ctx, func(tx persistence.Tx) error {
		row, doc, err := findLeague(tx, id)
		if err != nil {
			return err
		}
		changed := false
		for i := range doc.Events {
			ev := &doc.Events[i]
			if ev.Result != nil && ev.Result.PasDeBol == "" && len(ev.Cars) > 1 &&
				(len(ev.Votes) >= len(ev.Cars) || !s.opts.Now().Before(ev.ResultAt.Add(PasDeBolWindow))) {
				luck := map[string]float64{}
				for _, c := range ev.Result.Cars {
					luck[c.Pilot] = c.Luck
				}
				closePasDeBol(ev, luck) // 24-D: the vote is over
				changed = true
			}
			if ev.Game == "" || ev.Result != nil {
				continue
			}
			g, err := tx.Game(ev.Game)
			if err != nil {
				return err
			}
			if g.State != persistence.GameFinished {
				// results are recorded in calendar order: a later race
				// over first waits for this one (the standings after
				// each event are those of the events before it)
				break
			}
			l, err := s.load(tx, ev.Game)
			if err != nil {
				return err
			}
			r := eventResult(l.race(), ev.Cars, doc.Flags, i+1)
			ev.Result, ev.ResultAt = &r, s.opts.Now()
			if form, on, err := injuryForm(doc.Variants); err != nil {
				return err
			} else if on {
				if ev.Injuries, err = doc.rollInjuries(row.ID, i, l.race(), ev.Cars, form); err != nil {
					return err
				}
			}
			changed = true
			doc.swapAtMidSeason(i) // 25-A.5
			if err := s.postResults(tx, doc, row.ID, i); err != nil {
				return err
			}
		}
		if !changed {
			return nil
		}
		return putLeague(tx, row, doc)
	})
}

// eventResult reads what happened in a finished race (§3.6): grid, finish
// order, distance of the eliminated cars, the turn of each elimination and
// the play order then, laps, pit stops, game turns led (the leader at the
// end of each game turn, AMB-48: the first of the next round's order, the
// winner at the end of the last; 23-A, 24-B) and laps led (the first car to complete each
// lap); then classifies it by 21-A, black-flagged pilots excluded (7-A).
func eventResult(g *fd.Game, lineup []eventCar, flags []blackFlag, round int) league.Result {
	cars := make([]league.Car, len(g.Cars))
	for i := range g.Cars {
		c := &g.Cars[i]
		lc := league.Car{Car: c.Number, Laps: c.Laps, PitStops: c.PitStops, Cause: c.Cause}
		if c.Number-1 < len(lineup) {
			lc.Pilot, lc.Team = lineup[c.Number-1].Pilot, lineup[c.Number-1].Team
		}
		switch c.Status {
		case fd.Finished:
			lc.Status, lc.Finish = league.Finished, c.Place
		default:
			lc.Status, lc.Distance = league.Eliminated, c.LastLevel
			lc.NotStarted = c.EliminationReason() == fd.ReasonInjury // 20-A's QUALI: out before the grid
		}
		cars[i] = lc
	}
	at := func(n int) *league.Car {
		if n >= 1 && n <= len(cars) {
			return &cars[n-1]
		}
		return nil
	}
	res := league.Result{HalfPoints: g.HalfPoints()} // 21-B's last lap
	rolls := map[int][]league.Roll{}
	roundNo := 0
	var order []int
	lapsLed := map[int]bool{}
	for _, e := range g.Events {
		var t fd.TypedEvent
		switch e.Kind {
		case "roll": // 24-D: the movement rolls, for the luck index; the commonest line, read without an interface
			x, err := fd.ReadRoll(e)
			if err != nil || x.For != "gear" {
				continue
			}
			for _, d := range g.Config.Dice.Gears {
				if d.Name == x.Die {
					rolls[x.Car] = append(rolls[x.Car], league.Roll{Faces: d.Faces, Value: x.Value})
				}
			}
			continue
		case "grid", "qualified", "q-pilot-point", "pilot-point", "test-refused", "mechanics-point", "round", "lap", "eliminated":
			var err error
			if t, err = fd.DecodeFast(e); err != nil {
				continue // a line the rules did not write: not counted, as an unreadable value was not
			}
		default:
			continue // no other line counts: not decoded
		}
		switch x := t.(type) {
		case fd.GridEvent:
			for i, n := range x.Order {
				if at(n) != nil {
					at(n).Grid = i + 1
				}
			}
		case fd.QualifiedEvent:
			res.Qualified = true
			if c := at(x.Car); c != nil { // 24-C: each session's penalty rolls (R1.9)
				c.QualiSessions++
				c.QualiPenalty += x.Penalty
			}
		case fd.QualifyingCopy: // 23-A(i): spent in qualifying, the race car is q= (the session's is 1); the race spends no second one
			if p, ok := x.Event.(fd.PilotPointEvent); ok && at(x.Car) != nil && p.Point == "earned" {
				at(x.Car).PointsSpent++
			}
		case fd.PilotPointEvent: // 23-A: a point spent, debited from the ledger (23-C's and 4-B(b)'s are not)
			if c := at(x.Car); c != nil && x.Point == "earned" {
				c.PointsSpent++
			}
			if c := at(x.Car); c != nil && x.Point == "token" { // 23-A(c): the season ledger's
				c.TokensSpent++
			}
		case fd.TestRefusedEvent: // 23-A(d): a point spent on a refused test, debited too (6-B's Super Top is not a ledger's)
			if c := at(x.Car); c != nil && x.By == "earned" {
				c.PointsSpent++
			}
		case fd.MechanicsPointEvent: // 19-G: a quick stop made, a point for the team
			if c := at(x.Car); c != nil {
				c.QuickStops++
			}
		case fd.RoundEvent:
			roundNo = x.N
			order = append(order[:0], x.Order...)
			// the first to play a game turn led at the end of the one
			// before (AMB-48: "leader at the end of each game turn"); the
			// first turn's order is the grid, no turn led yet
			if roundNo > 1 && len(order) > 0 && at(order[0]) != nil {
				at(order[0]).TurnsLed++
			}
		case fd.LapEvent:
			if !lapsLed[x.Laps] && at(x.Car) != nil {
				lapsLed[x.Laps] = true
				at(x.Car).LapsLed++
			}
		case fd.EliminatedEvent:
			if c := at(x.Car); c != nil {
				c.Out = roundNo
				for i, o := range order {
					if o == x.Car {
						c.PlayOrder = i + 1
					}
				}
			}
		}
	}
	// the last game turn's end: the winner leads it (a race with no car
	// at the flag has no leader then)
	for i := range g.Cars {
		if c := &g.Cars[i]; roundNo > 0 && c.Status == fd.Finished && c.Place == 1 && at(c.Number) != nil {
			at(c.Number).TurnsLed++
		}
	}
	failed, byTest := blackTests(g.Events, g.Config.Dice.Black.Name)
	for i := range cars {
		n := cars[i].Car
		cars[i].Luck = league.LuckIndex(rolls[n], failed[n], byTest[n])
	}
	for _, f := range flags {
		if f.Event != round {
			continue
		}
		for i := range cars {
			if normName(cars[i].Pilot) == normName(f.Pilot) {
				cars[i].Status = league.Excluded
			}
		}
	}
	res.Cars = league.Classify(cars)
	return res
}

// blackTests are the black-die tests of 24-D's luck index: the rolls
// whose failure costs the car a wear point (handling, wall, collision,
// engine, the street rules' noise and radio), a stall (start, restart)
// or a slow stop (pit). Weather and grid rolls are not a car's test.
var testPurposes = map[string]bool{"start": true, "restart": true, "handling": true, "wall": true,
	"collision": true, "engine": true, "pit": true, "noise": true, "radio": true}

// blackTests reads from a race's record (§3.6: every test is recorded),
// for the luck index (24-D), each car's failed black-die tests and
// whether its elimination came from one. A test failed when the event
// right after its roll is the loss it decides for that car: a wear point,
// a stall, a slow stop. An elimination is by a test when the car's
// "eliminated" follows (past the debris it leaves) the wear point of a
// failed test.
func blackTests(events []fd.Event, black string) (failed map[int]int, byTest map[int]bool) {
	failed, byTest = map[int]int{}, map[int]bool{}
	failWear := map[int]int{} // index of a wear event a failed test decided: its car
	for i, e := range events {
		switch e.Kind {
		case "roll":
			roll, err := fd.ReadRoll(e)
			if err != nil || roll.Die != black || !testPurposes[roll.For] || i+1 == len(events) {
				break
			}
			next, err := fd.Decode(events[i+1])
			if err != nil {
				break
			}
			switch x := next.(type) {
			case fd.WearEvent:
				if x.Car == roll.Car {
					failWear[i+1] = x.Car
					failed[roll.Car]++
				}
			case fd.PitSlowEvent:
				if x.Car == roll.Car {
					failed[roll.Car]++
				}
			case fd.StartEvent:
				if x.Car == roll.Car && x.Result == "stall" {
					failed[roll.Car]++
				}
			case fd.RestartEvent:
				if x.Car == roll.Car && x.Result == "stall" {
					failed[roll.Car]++
				}
			}
		case "eliminated":
			out, ok := decodeAs[fd.EliminatedEvent](e)
			if !ok {
				break
			}
			j := i - 1
			for j >= 0 && events[j].Kind == "debris" {
				j--
			}
			if car, ok := failWear[j]; ok && j >= 0 && car == out.Car {
				byTest[out.Car] = true
			}
		}
	}
	return failed, byTest
}

// decodeAs reads e as the typed event T, false when the codec refuses it
// (a line the rules did not write) or it is another kind.
func decodeAs[T fd.TypedEvent](e fd.Event) (T, bool) {
	t, err := fd.DecodeFast(e)
	if err != nil {
		var zero T
		return zero, false
	}
	x, ok := t.(T)
	return x, ok
}

// results are the recorded results in calendar order, up to the last
// recorded one (an event not over yet stops the list).
func (doc *leagueDoc) results() []league.Result {
	var out []league.Result
	for _, ev := range doc.Events {
		if ev.Result == nil {
			break
		}
		out = append(out, *ev.Result)
	}
	return out
}

// standings computes every ranking from the recorded results.
func (doc *leagueDoc) standings() league.Standings {
	return league.Compute(doc.counted(doc.results()), doc.Points)
}

// resultsText says, in prose, the result of event i and the standings
// after it.
func (doc *leagueDoc) resultsText(i int, lang string) (subject, text string) {
	ev := doc.Events[i]
	var b strings.Builder
	subject = inLangf(lang, "%s, round %d: results and standings", "%s, manche %d : résultats et classements", doc.Name, i+1)
	b.WriteString(inLangf(lang, "%s, round %d of %d, on %s.\n", "%s, manche %d sur %d, sur %s.\n", doc.Name, i+1, len(doc.Events), ev.Track))
	b.WriteString(inLang(lang, [2]string{"Race classification:\n", "Classement de la course :\n"}))
	doc.writeClassification(&b, i, lang)
	after := doc.standingsAfter("", i)
	st := after.Standings // drivers with their numbers and seats
	b.WriteString(inLang(lang, [2]string{"Drivers' championship:\n", "Championnat des pilotes :\n"}))
	writeRows(&b, st.Drivers, lang)
	if len(st.Teams) > 0 {
		b.WriteString(inLang(lang, [2]string{"Constructors' championship:\n", "Championnat des constructeurs :\n"}))
		writeRows(&b, st.Teams, lang)
	}
	writeLedgers(&b, after.Ledgers, lang)
	writeParagraphs(&b, injuryParagraph(after.Injuries, after.Out, lang), lang)
	writeParagraphs(&b, violationParagraph(after.Violations, lang), lang)
	return subject, b.String()
}

// writeClassification writes event i's race classification, one
// sentence a line.
func (doc *leagueDoc) writeClassification(b *strings.Builder, i int, lang string) {
	ev := doc.Events[i]
	scale := league.Scale(doc.Points)
	if ev.Result.HalfPoints {
		b.WriteString(inLang(lang, [2]string{
			"  The red flag fell on the last lap: the race is classified at the end of the lap before and pays half points (21-B).\n",
			"  Drapeau rouge dans le dernier tour : la course est classée à la fin du tour précédent et ne rapporte que la moitié des points (21-B).\n"}))
	}
	for _, c := range ev.Result.Cars {
		who := c.Pilot
		if c.Team != "" {
			who += " (" + c.Team + ")"
		}
		switch {
		case c.Disqualified: // 5-D: the organiser's violation
			b.WriteString(inLangf(lang, "  not classified: %s, disqualified, a non-conforming car (5-D)\n", "  non classé : %s, disqualifié, voiture non conforme (5-D)\n", who))
		case c.Status == league.Excluded:
			b.WriteString(inLangf(lang, "  not classified: %s, black-flagged\n", "  non classé : %s, drapeau noir\n", who))
		case c.Status == league.Finished:
			b.WriteString(inLangf(lang, "  %d. %s finished, %s\n", "  %d. %s à l'arrivée, %s\n", c.Place, who, pointsText(ev.Result.PlacePoints(c.Place, scale), lang)))
		default:
			b.WriteString(inLangf(lang, "  %d. %s, out after %d lap(s), classified on distance, %s\n", "  %d. %s, abandon après %d tour(s), classé à la distance, %s\n", c.Place, who, c.Laps, pointsText(ev.Result.PlacePoints(c.Place, scale), lang)))
		}
	}
}

// pointsText says a number of points; a half (21-B's half points) is
// written 1.5 in English, 1,5 in French.
func pointsText(n league.Points, lang string) string {
	if lang == "fr" {
		unit := " points"
		if n < 2 { // French: 0,5 point, 1 point, 1,5 point
			unit = " point"
		}
		return strings.Replace(n.String(), ".", ",", 1) + unit
	}
	if n == 1 {
		return "1 point"
	}
	return n.String() + " points"
}

// writeRows writes a ranking, one sentence a line, with the places gained
// or lost.
func writeRows(b *strings.Builder, rows []league.Row, lang string) {
	writeRowsIn(b, rows, lang, pointsText)
}

// writeRowsIn writes a ranking whose scores unit says.
func writeRowsIn(b *strings.Builder, rows []league.Row, lang string, unit func(league.Points, string) string) {
	for _, r := range rows {
		move := ""
		switch {
		case r.Moved > 0:
			move = inLangf(lang, ", up %d", ", gagne %d place(s)", r.Moved)
		case r.Moved < 0:
			move = inLangf(lang, ", down %d", ", perd %d place(s)", -r.Moved)
		}
		who := r.Name
		switch {
		case r.Team != "":
			who += inLangf(lang, " (car %d, %s driver of %s)", " (voiture %d, %s pilote de %s)", r.Number, seatName(r.Seat, lang), r.Team)
		case r.Number > 0:
			who += inLangf(lang, " (car %d)", " (voiture %d)", r.Number)
		}
		fmt.Fprintf(b, "  %d. %s, %s%s\n", r.Position, who, unit(r.Points, lang), move)
	}
}

// postResults enqueues the results of event i for every member of the
// league (each in their language, by mail with a subject) and for its
// channels (in the league's language).
func (s *Service) postResults(tx persistence.Tx, doc *leagueDoc, id string, i int) error {
	now := s.opts.Now()
	pngs := map[string][]byte{}
	seen := map[string]bool{}
	var players []string
	add := func(id string) {
		if id != "" && !seen[id] {
			seen[id] = true
			players = append(players, id)
		}
	}
	add(doc.Master)
	for _, e := range doc.Entries {
		add(e.Player)
	}
	for _, c := range doc.Events[i].Cars {
		add(c.Player)
	}
	game := doc.Events[i].Game
	for _, pid := range players {
		p, err := tx.Player(pid)
		if err != nil {
			return err
		}
		subject, text := doc.resultsText(i, p.Language)
		for _, ident := range p.Identities {
			body := text
			if ident.Kind == persistence.IdentityEmail {
				body = EncodeMail(MailHead{Subject: subject}, text)
			}
			var png []byte
			if ident.Kind != persistence.IdentityCLI {
				png = s.standingsPNG(doc, id, i, p.Language, pngs)
			}
			if _, err := tx.Enqueue(persistence.Message{Game: game, Transport: ident.Kind, Target: ident.Value, Text: body, PNG: png, Created: now}); err != nil {
				return err
			}
		}
	}
	subject, text := doc.resultsText(i, doc.Lang)
	for _, ch := range doc.Channels {
		body := text
		if ch.Transport == persistence.IdentityEmail {
			body = EncodeMail(MailHead{Subject: subject}, text)
		}
		if _, err := tx.Enqueue(persistence.Message{Game: game, Transport: ch.Transport, Target: ch.Target, Text: body, PNG: s.standingsPNG(doc, id, i, doc.Lang, pngs), Created: now}); err != nil {
			return err
		}
	}
	return nil
}
