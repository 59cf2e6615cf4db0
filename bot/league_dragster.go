package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/duel"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// AX-1 Dragster as a league side event (LF-50): the game master adds a
// tournament to the side calendar (league add-dragster); at its date the
// entered pilots are drawn into a straight knock-out bracket (no seeding:
// a shuffle of the league's own seed), and the runs are opened one after
// the other, each a duel game of two seats (engine/duel, bot/duel_game.go)
// with the game's deadline and the autopilot after it. The bracket itself
// is computed from the draw and the runs recorded (engine/league/dragster.go).

// dragsterEvent is one Dragster tournament of the side calendar.
type dragsterEvent struct {
	Date time.Time `json:"date"`
	// Pilots: the draw, in bracket order, once the tournament opened.
	Pilots []string      `json:"pilots,omitempty"`
	Runs   []dragsterRun `json:"runs,omitempty"`
	// Withdrawn: the pilots who withdrew before the draw, which leaves
	// them out (issue 16).
	Withdrawn []string `json:"withdrawn,omitempty"`
	// Cancelled: the organiser called the tournament off (issue 16):
	// nothing more is drawn, recorded or opened, and a run under way was
	// stopped without a result, its game paused.
	Cancelled bool `json:"cancelled,omitempty"`
	// Forfeited: the pilots who gave up their match (issue 16), each
	// booked as a run that does not count and puts him out, so the fold
	// gives the match to the other by walkover.
	Forfeited []string `json:"forfeited,omitempty"`
}

// dragsterRun is one run's game and, once over, its result.
type dragsterRun struct {
	Game string `json:"game"`
	Done bool   `json:"done,omitempty"`
	league.DragRun
}

// running: a run's game is open and not recorded yet.
func (d dragsterEvent) running() bool { return len(d.Runs) > 0 && !d.Runs[len(d.Runs)-1].Done }

// bracket is the tournament as its recorded runs leave it.
func (d dragsterEvent) bracket() league.DragBracket {
	var runs []league.DragRun
	for _, r := range d.Runs {
		if r.Done {
			runs = append(runs, r.DragRun)
		}
	}
	return league.Dragster(d.Pilots, runs)
}

// AddDragster adds a Dragster tournament (AX-1) to the league's side
// calendar at date and returns its number (from 1).
func (s *Service) AddDragster(ctx context.Context, name string, date time.Time) (int, error) {
	if date.IsZero() {
		return 0, refusef("a tournament needs a date", "un tournoi a besoin d'une date")
	}
	n := 0
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		if !doc.playsVariant("AX-1") {
			return refusef("%s does not play AX-1 (the Dragster)", "%s ne joue pas l'annexe AX-1 (Dragster)", doc.Name)
		}
		doc.Dragsters = append(doc.Dragsters, dragsterEvent{Date: persistence.Millis(date)})
		n = len(doc.Dragsters)
		return nil
	})
	if err != nil {
		return 0, err
	}
	s.kick()
	return n, nil
}

// dragsterTick draws the tournaments whose date has come, records the runs
// whose game is over, then opens the next run of each tournament that
// needs one.
func (s *Service) dragsterTick(ctx context.Context, id string, now time.Time) error {
	var open []int
	if err := s.changeLeague(ctx, id, func(tx persistence.Tx, doc *leagueDoc) error {
		open = nil
		for i := range doc.Dragsters {
			d := &doc.Dragsters[i]
			if d.Cancelled {
				continue
			}
			if d.Pilots == nil && !now.Before(d.Date) {
				pilots, err := drawPilots(doc, eventSeed(doc.Secret, id+"/dragster-draw", i), d.Withdrawn)
				if err != nil {
					return err
				}
				d.Pilots = pilots
			}
			if d.running() {
				if err := s.recordDuel(tx, &d.Runs[len(d.Runs)-1]); err != nil {
					return err
				}
			}
			if d.Pilots != nil && !d.running() && d.bracket().Next >= 0 {
				open = append(open, i)
			}
		}
		return nil
	}); err != nil {
		return err
	}
	for _, i := range open {
		if err := s.openDragsterRun(ctx, id, i); err != nil {
			return fmt.Errorf("dragster %d: %w", i+1, err)
		}
	}
	return nil
}

// drawPilots draws the entered pilots (not banned, not withdrawn) into a
// bracket order by a shuffle of seed: the same draw whenever it is made
// again.
func drawPilots(doc *leagueDoc, seed string, withdrawn []string) ([]string, error) {
	var pilots []string
	for _, e := range doc.Entries {
		if !e.Banned && !slices.Contains(withdrawn, e.Pilot) {
			pilots = append(pilots, e.Pilot)
		}
	}
	if len(pilots) < 2 {
		return nil, fmt.Errorf("a tournament needs two pilots entered, not %d", len(pilots))
	}
	sh, err := dice.NewSeeded(fd.SeedFrom(seed)).Shuffle(dice.Key{Game: "dragster-draw", Purpose: "bracket"}, len(pilots))
	if err != nil {
		return nil, err
	}
	out := make([]string, len(pilots))
	for i, j := range sh.Perm {
		out[i] = pilots[j]
	}
	return out, nil
}

// dragster is tournament n (from 1) of the side calendar, refused with a
// sentence when the league does not play AX-1 or has no such tournament.
func (doc *leagueDoc) dragster(n int) (*dragsterEvent, error) {
	if !doc.playsVariant("AX-1") {
		return nil, refusef("%s does not play AX-1 (the Dragster)", "%s ne joue pas l'annexe AX-1 (Dragster)", doc.Name)
	}
	if n < 1 || n > len(doc.Dragsters) {
		return nil, refusef("%s has no Dragster tournament %d", "%s n'a pas de tournoi de Dragster %d", doc.Name, n)
	}
	d := &doc.Dragsters[n-1]
	if d.Cancelled {
		return nil, refusef("Dragster tournament %d was cancelled", "le tournoi de Dragster %d a été annulé", n)
	}
	return d, nil
}

// withdrawFromDragster takes pilot out of tournament n before its draw;
// once drawn, the bracket is the draw's and a withdrawal is refused.
func (doc *leagueDoc) withdrawFromDragster(pilot string, n int) error {
	d, err := doc.dragster(n)
	if err != nil {
		return err
	}
	switch {
	case d.Pilots != nil:
		return refusef("Dragster tournament %d is drawn already: its bracket stands", "le tournoi de Dragster %d est déjà tiré : son tableau reste", n)
	case slices.Contains(d.Withdrawn, pilot):
		return refusef("%s has withdrawn from Dragster tournament %d already", "%s s'est déjà retiré du tournoi de Dragster %d", pilot, n)
	}
	d.Withdrawn = append(d.Withdrawn, pilot)
	return nil
}

// WithdrawFromDragster is pilot's withdrawal from tournament n (AX-1)
// before it is drawn.
func (s *Service) WithdrawFromDragster(ctx context.Context, name, pilot string, n int) error {
	return s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		entered, ok := doc.enteredPilot(pilot)
		if !ok {
			return refusef("no pilot %s entered in %s", "aucun pilote %s engagé dans %s", pilot, doc.Name)
		}
		return doc.withdrawFromDragster(entered, n)
	})
}

// forfeitDragster gives pilot's match of tournament n, the one running, to
// the other pilot by walkover: the run under way, if any, is stopped
// without a result (its game paused, as when cancelling) and booked as a
// run that does not count and puts pilot out of the tournament; the
// bracket then folds to the walkover (engine/league/dragster.go).
func (s *Service) forfeitDragster(tx persistence.Tx, doc *leagueDoc, pilot string, n int) error {
	d, err := doc.dragster(n)
	if err != nil {
		return err
	}
	if d.Pilots == nil {
		return refusef("Dragster tournament %d is not drawn yet: withdraw from it instead", "le tournoi de Dragster %d n'est pas encore tiré : retirez-vous plutôt", n)
	}
	b := d.bracket()
	if b.Next < 0 || (b.Matches[b.Next].Left != pilot && b.Matches[b.Next].Right != pilot) {
		return refusef("%s has no match running in Dragster tournament %d", "%s n'a pas de match en cours dans le tournoi de Dragster %d", pilot, n)
	}
	m := b.Matches[b.Next]
	forfeit := league.DragRun{Left: m.Left, Right: m.Right, Rerun: true, Out: []string{pilot}}
	if d.running() {
		r := &d.Runs[len(d.Runs)-1]
		if err := s.stopRun(tx, r.Game); err != nil {
			return err
		}
		r.DragRun, r.Done = forfeit, true
	} else {
		d.Runs = append(d.Runs, dragsterRun{Done: true, DragRun: forfeit})
	}
	d.Forfeited = append(d.Forfeited, pilot)
	return nil
}

// ForfeitDragster is pilot's forfeit of his match running in tournament
// n (AX-1): the other goes through by walkover.
func (s *Service) ForfeitDragster(ctx context.Context, name, pilot string, n int) error {
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		entered, ok := doc.enteredPilot(pilot)
		if !ok {
			return refusef("no pilot %s entered in %s", "aucun pilote %s engagé dans %s", pilot, doc.Name)
		}
		return s.forfeitDragster(tx, doc, entered, n)
	})
	if err == nil {
		s.kick() // the next run opens at the league's next pass
	}
	return err
}

// stopRun pauses a run's game that is running: it ends without a result,
// its deadlines disarmed, its record as it was (it still verifies).
func (s *Service) stopRun(tx persistence.Tx, game string) error {
	l, err := s.loadServed(tx, game)
	if err != nil {
		return err
	}
	if l.row.State != persistence.GameRunning {
		return nil
	}
	l.row.State = persistence.GamePaused
	return s.servedChanged(tx, l)
}

// cancelDragster calls tournament n off: a run under way is stopped
// without a result (its game paused, its deadlines disarmed: issue 16
// decision, so that no winner is booked and its record still verifies),
// and nothing more opens. The runs played stay recorded.
func (s *Service) cancelDragster(tx persistence.Tx, doc *leagueDoc, n int) error {
	d, err := doc.dragster(n)
	if err != nil {
		return err
	}
	if d.Pilots != nil && d.bracket().Next < 0 {
		return refusef("Dragster tournament %d is over: its champion stands", "le tournoi de Dragster %d est fini : son vainqueur reste", n)
	}
	if d.running() {
		if err := s.stopRun(tx, d.Runs[len(d.Runs)-1].Game); err != nil {
			return err
		}
	}
	d.Cancelled = true
	return nil
}

// CancelDragster is the organiser's cancelling of tournament n (AX-1).
func (s *Service) CancelDragster(ctx context.Context, name string, n int) error {
	return s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		return s.cancelDragster(tx, doc, n)
	})
}

// recordDuel records a run whose duel is over: the winner, a rerun, the
// crashes and the injuries' consequences (AX-1).
func (s *Service) recordDuel(tx persistence.Tx, r *dragsterRun) error {
	row, err := tx.Game(r.Game)
	if err != nil {
		return err
	}
	if row.State != persistence.GameFinished {
		return nil
	}
	l, err := s.loadServed(tx, r.Game)
	if err != nil {
		return err
	}
	c, ok := l.game.(duel.Contract)
	if !ok {
		return fmt.Errorf("game %s is not a duel", r.Game)
	}
	pilots := [2]string{r.Left, r.Right}
	g := c.G
	if g.Winner >= 0 {
		r.Winner = pilots[g.Winner]
	}
	r.Rerun, r.Done = g.Rerun, true
	for seat, inj := range g.Injuries {
		if inj == nil {
			continue
		}
		r.Crashed = append(r.Crashed, pilots[seat])
		if inj.Eliminated() {
			r.Out = append(r.Out, pilots[seat])
		}
		if inj.Runs > 0 {
			if r.Forfeits == nil {
				r.Forfeits = map[string]int{}
			}
			r.Forfeits[pilots[seat]] = inj.Runs
		}
	}
	return nil
}

// openDragsterRun opens the next run of tournament i: a duel of its two
// pilots' players, on the run's own seed, then marks the tournament.
func (s *Service) openDragsterRun(ctx context.Context, id string, i int) error {
	var req CreateRequest
	var run dragsterRun
	if err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		_, doc, err := findLeague(tx, id)
		if err != nil {
			return err
		}
		d := doc.Dragsters[i]
		b := d.bracket()
		m := b.Matches[b.Next]
		run.Left, run.Right = m.Left, m.Right
		req, err = duelRequest(tx, doc, string(duel.Dragster), nil, eventSeed(doc.Secret, fmt.Sprintf("%s/dragster/%d", id, i), len(d.Runs)), m.Left, m.Right)
		return err
	}); err != nil {
		return err
	}
	game, err := s.createOnce(ctx, req)
	if err != nil {
		return err
	}
	run.Game = game
	return s.changeLeague(ctx, id, func(tx persistence.Tx, doc *leagueDoc) error {
		d := &doc.Dragsters[i]
		if !d.running() && !slices.ContainsFunc(d.Runs, func(r dragsterRun) bool { return r.Game == game }) {
			d.Runs = append(d.Runs, run)
		}
		return nil
	})
}

// createOnce creates the game of a side event's seed (req.Seed, 64 hex
// digits) unless it exists already: opening again after a crash finds the
// same game. It returns the game's id. (openSideGame's own check, for the
// duels' requests of two named seats.)
func (s *Service) createOnce(ctx context.Context, req CreateRequest) (string, error) {
	game := gameIDOfSeed(req.Seed)
	if exists, err := s.gameExists(ctx, game); err != nil {
		return "", err
	} else if exists {
		return game, nil
	}
	got, err := s.Create(ctx, req)
	if err != nil {
		return "", err
	}
	if got != game {
		return "", fmt.Errorf("opened %s, expected %s", got, game)
	}
	return game, nil
}

// duelRequest is the game of a duel (AX-1 run, AX-4 duel) between two
// entered pilots, seated as left and right, on seed.
func duelRequest(tx persistence.ReadTx, doc *leagueDoc, mode string, options []string, seed string, left, right string) (CreateRequest, error) {
	req := CreateRequest{Game: gameDuel, Mode: mode, Optional: options, Seed: seed, Deadline: time.Duration(doc.Deadline) * time.Minute}
	for _, pilot := range []string{left, right} {
		i := slices.IndexFunc(doc.Entries, func(e leagueEntry) bool { return e.Pilot == pilot })
		if i < 0 {
			return req, fmt.Errorf("no pilot %q entered", pilot)
		}
		p, err := tx.Player(doc.Entries[i].Player)
		if err != nil {
			return req, err
		}
		req.Seats, req.SeatIDs = append(req.Seats, p.Name), append(req.SeatIDs, p.ID)
	}
	if m, err := tx.Player(doc.Master); err == nil && len(m.Identities) > 0 {
		req.Master = m.Identities[0]
	}
	return req, nil
}

// dragsterView is one tournament in the standings.
type dragsterView struct {
	Number  int                `json:"number"`
	Date    time.Time          `json:"date"`
	Bracket league.DragBracket `json:"bracket"`
	Running string             `json:"running,omitempty"` // the game of the run being played
	// Cancelled: called off by the organiser; Stopped the game of the run
	// it stopped without a result.
	Cancelled bool   `json:"cancelled,omitempty"`
	Stopped   string `json:"stopped,omitempty"`
	// Forfeited: the pilots who gave up a match.
	Forfeited []string `json:"forfeited,omitempty"`
}

// dragsterStandings are the tournaments drawn so far, and those called off
// before their draw (a pilot who entered one reads why it never ran).
func (doc *leagueDoc) dragsterStandings() []dragsterView {
	var out []dragsterView
	for i, d := range doc.Dragsters {
		if d.Pilots == nil && !d.Cancelled {
			continue
		}
		v := dragsterView{Number: i + 1, Date: d.Date, Cancelled: d.Cancelled, Forfeited: d.Forfeited}
		if d.Pilots != nil {
			v.Bracket = d.bracket()
		}
		switch {
		case d.running() && d.Cancelled:
			v.Stopped = d.Runs[len(d.Runs)-1].Game
		case d.running():
			v.Running = d.Runs[len(d.Runs)-1].Game
		}
		out = append(out, v)
	}
	return out
}

// dragsterParagraphs say each tournament's bracket in lang.
func dragsterParagraphs(views []dragsterView, lang string) []WebParagraph {
	var out []WebParagraph
	for _, v := range views {
		p := WebParagraph{Title: inLangf(lang, "Dragster (AX-1), tournament %d, best of 5 runs", "Dragster (AX-1), tournoi %d, au meilleur des 5 manches", v.Number)}
		for _, m := range v.Bracket.Matches {
			p.Lines = append(p.Lines, dragsterMatchLine(m, lang))
		}
		if v.Cancelled {
			p.Lines = append(p.Lines, inLang(lang, [2]string{"Cancelled by the organiser: no champion.", "Annulé par l'organisateur : pas de vainqueur."}))
		}
		if v.Stopped != "" {
			p.Lines = append(p.Lines, inLangf(lang, "The run under way (game %s) was stopped without a result.", "La manche en cours (partie %s) a été arrêtée sans résultat.", v.Stopped))
		}
		if c := v.Bracket.Champion; c != "" {
			p.Lines = append(p.Lines, inLangf(lang, "%s wins the tournament.", "%s remporte le tournoi.", c))
		}
		crashed := slices.DeleteFunc(slices.Clone(v.Bracket.Out), func(p string) bool { return slices.Contains(v.Forfeited, p) })
		if len(crashed) > 0 {
			p.Lines = append(p.Lines, inLangf(lang, "Out of the tournament after a crash: %s.", "Hors du tournoi après un accident : %s.", strings.Join(crashed, ", ")))
		}
		if len(v.Forfeited) > 0 {
			p.Lines = append(p.Lines, inLangf(lang, "Gave up a match, the other through by walkover: %s.", "A déclaré forfait, l'autre passe sans courir : %s.", strings.Join(v.Forfeited, ", ")))
		}
		out = append(out, p)
	}
	return out
}

func dragsterMatchLine(m league.DragMatch, lang string) string {
	left, right := orNobody(m.Left, lang), orNobody(m.Right, lang)
	switch {
	case m.Done && m.Walkover && m.Winner == "":
		return inLangf(lang, "Round %d: %s against %s, neither can race: the next opponent goes through.", "Tour %d : %s contre %s, aucun ne peut courir : le prochain adversaire passe.", m.Round, left, right)
	case m.Done && m.Walkover:
		return inLangf(lang, "Round %d: %s against %s, %d–%d, %s goes through by forfeit.", "Tour %d : %s contre %s, %d–%d, %s passe par forfait.", m.Round, left, right, m.LeftWins, m.RightWins, m.Winner)
	case m.Done:
		return inLangf(lang, "Round %d: %s against %s, %d–%d, %s goes through.", "Tour %d : %s contre %s, %d–%d, %s passe.", m.Round, left, right, m.LeftWins, m.RightWins, m.Winner)
	}
	return inLangf(lang, "Round %d: %s against %s, %d–%d after %d run(s), running.", "Tour %d : %s contre %s, %d–%d après %d manche(s), en cours.", m.Round, left, right, m.LeftWins, m.RightWins, m.Runs)
}

func orNobody(name, lang string) string {
	if name == "" {
		return inLang(lang, [2]string{"nobody (both out)", "personne (tous deux hors course)"})
	}
	return name
}
