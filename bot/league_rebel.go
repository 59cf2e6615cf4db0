package bot

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/duel"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// AX-4 "Fureur de vivre" as a league side event (LF-53): a pilot
// challenges another (league challenge), the other accepts (league
// accept), and the duel opens at once as a game of two seats (engine/duel,
// bot/duel_game.go), its gears sealed until both are in; when it is over
// the league books one Glory to the winner and one Shame to the loser,
// and a car lost in the marsh closes its pilot's account
// (engine/league/rebel.go).

// rebelDuel is one challenge: issued, accepted (its Game), played.
type rebelDuel struct {
	league.Duel
	Accepted bool   `json:"accepted,omitempty"`
	Game     string `json:"game,omitempty"`
}

func (doc *leagueDoc) duels() []league.Duel {
	out := make([]league.Duel, len(doc.Rebels))
	for i, d := range doc.Rebels {
		out[i] = d.Duel
	}
	return out
}

// rebelFaster is AX-4's faster parameter (gear by default, AMB-57).
func (doc *leagueDoc) rebelFaster() string {
	for _, spec := range doc.Variants {
		if v, p, err := fd.ParseVariantSpec(spec); err == nil && v.ID == "AX-4" && p["faster"] != "" {
			return p["faster"]
		}
	}
	return duel.FasterGear
}

// rebelMarsh is AX-4's marsh_at parameter (the spec's default, 50);
// league create refused any other than a square from 10 to 200.
func (doc *leagueDoc) rebelMarsh() int {
	n, _ := rebelMarshOf(doc.Variants)
	return n
}

// rebelMarshOf reads marsh_at from a league's variants, refusing with a
// sentence what is not a square from duel.MarshMin to duel.MarshMax.
func rebelMarshOf(variants []string) (int, error) {
	for _, spec := range variants {
		v, p, err := fd.ParseVariantSpec(spec)
		if err != nil || v.ID != "AX-4" || p["marsh_at"] == "" {
			continue
		}
		n, err := strconv.Atoi(p["marsh_at"])
		if err != nil || n < duel.MarshMin || n > duel.MarshMax {
			return 0, refusef("variant AX-4: marsh_at %q is not a square from %d to %d", "variante AX-4 : marsh_at %q n'est pas une case de %d à %d", p["marsh_at"], duel.MarshMin, duel.MarshMax)
		}
		return n, nil
	}
	return duel.FinishLine, nil
}

// enteredPilot is the entry of a pilot (not banned) by name, any case.
func (doc *leagueDoc) enteredPilot(name string) (string, bool) {
	for _, e := range doc.Entries {
		if !e.Banned && strings.EqualFold(e.Pilot, strings.TrimSpace(name)) {
			return e.Pilot, true
		}
	}
	return "", false
}

// Challenge issues challenger's challenge to target (AX-4) and returns its
// number (from 1); target must accept it (AcceptChallenge).
func (s *Service) Challenge(ctx context.Context, name, challenger, target string) (int, error) {
	n := 0
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		var err error
		n, err = doc.issueChallenge(challenger, target)
		return err
	})
	return n, err
}

// issueChallenge books a challenge, refused with a sentence when the
// league does not play AX-4 or LF-53 forbids it.
func (doc *leagueDoc) issueChallenge(challenger, target string) (int, error) {
	if !doc.playsVariant("AX-4") {
		return 0, refusef("%s does not play AX-4 (Fureur de vivre)", "%s ne joue pas l'annexe AX-4 (Fureur de vivre)", doc.Name)
	}
	from, ok := doc.enteredPilot(challenger)
	if !ok {
		return 0, refusef("no pilot %s entered in %s", "aucun pilote %s engagé dans %s", challenger, doc.Name)
	}
	to, ok := doc.enteredPilot(target)
	if !ok {
		return 0, refusef("no pilot %s entered in %s", "aucun pilote %s engagé dans %s", target, doc.Name)
	}
	switch league.CanChallenge(doc.duels(), from, to) {
	case league.ChallengeSelf:
		return 0, refusef("a pilot cannot challenge himself", "un pilote ne peut pas se défier lui-même")
	case league.ChallengeTwice:
		return 0, refusef("%s and %s have a challenge already: a pair meets once", "%s et %s ont déjà un défi : une paire ne se rencontre qu'une fois", from, to)
	case league.ChallengeCarLost:
		return 0, refusef("%s lost his car in the marsh: he challenges nobody any more", "%s a perdu sa voiture dans le marais : il ne défie plus personne", from)
	case league.ChallengeTargetCl:
		return 0, refusef("%s lost his car in the marsh: nobody may challenge him any more", "%s a perdu sa voiture dans le marais : personne ne peut plus le défier", to)
	}
	doc.Rebels = append(doc.Rebels, rebelDuel{Duel: league.Duel{Challenger: from, Target: to}})
	return len(doc.Rebels), nil
}

// acceptChallenge marks target's acceptance of challenger's challenge and
// returns its index; the duel's game opens next (openRebel).
func (doc *leagueDoc) acceptChallenge(target, challenger string) (int, error) {
	to, _ := doc.enteredPilot(target)
	from, _ := doc.enteredPilot(challenger)
	i := slices.IndexFunc(doc.Rebels, func(d rebelDuel) bool { return d.Challenger == from && d.Target == to && !d.Accepted && !d.Withdrawn })
	if i < 0 || to == "" || from == "" {
		return 0, refusef("%s has no challenge from %s to accept", "%s n'a pas de défi de %s à accepter", target, challenger)
	}
	doc.Rebels[i].Accepted = true
	return i, nil
}

// withdrawChallenge takes challenger's challenge to target back, before
// target accepted it, and returns target's name as entered. The challenge
// stays in the list marked withdrawn: the duels after it keep their
// number and their seed, and the ledger never counts it (LF-53; issue 16
// decision: nothing is booked for a challenge withdrawn, and the pair may
// meet later).
func (doc *leagueDoc) withdrawChallenge(challenger, target string) (string, error) {
	if !doc.playsVariant("AX-4") {
		return "", refusef("%s does not play AX-4 (Fureur de vivre)", "%s ne joue pas l'annexe AX-4 (Fureur de vivre)", doc.Name)
	}
	from, _ := doc.enteredPilot(challenger)
	to, ok := doc.enteredPilot(target)
	if !ok {
		return "", refusef("no pilot %s entered in %s", "aucun pilote %s engagé dans %s", target, doc.Name)
	}
	for i := len(doc.Rebels) - 1; i >= 0; i-- {
		d := &doc.Rebels[i]
		if d.Withdrawn {
			continue
		}
		switch {
		case d.Challenger == to && d.Target == from:
			return "", refusef("the challenge between %s and %s is %s's: only its challenger withdraws it", "le défi entre %s et %s est celui de %s : seul celui qui l'a lancé peut le retirer", from, to, to)
		case d.Challenger != from || d.Target != to:
			continue
		case d.Played:
			return "", refusef("%s and %s have fought their duel already: its result stands", "%s et %s ont déjà couru leur duel : son résultat reste", from, to)
		case d.Accepted:
			return "", refusef("%s accepted the challenge already: the duel is on (game %s)", "%s a déjà accepté le défi : le duel est en cours (partie %s)", to, d.Game)
		}
		d.Withdrawn = true
		return to, nil
	}
	return "", refusef("%s has no challenge to %s to withdraw", "%s n'a pas de défi à %s à retirer", challenger, target)
}

// WithdrawChallenge is challenger's withdrawal of their challenge to
// target, not yet accepted (AX-4).
func (s *Service) WithdrawChallenge(ctx context.Context, name, challenger, target string) error {
	return s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		_, err := doc.withdrawChallenge(challenger, target)
		return err
	})
}

// AcceptChallenge is target's acceptance of challenger's challenge: the
// duel opens at once as a game of its own, the challenger on the left.
func (s *Service) AcceptChallenge(ctx context.Context, name, target, challenger string) (string, error) {
	var id string
	i := 0
	if err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		row, _, err := findLeague(tx, name)
		id = row.ID
		if err != nil {
			return err
		}
		i, err = doc.acceptChallenge(target, challenger)
		return err
	}); err != nil {
		return "", err
	}
	return s.openRebel(ctx, id, i)
}

// openRebel opens accepted duel i's game on its own seed and marks it.
func (s *Service) openRebel(ctx context.Context, id string, i int) (string, error) {
	var req CreateRequest
	if err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		_, doc, err := findLeague(tx, id)
		if err != nil {
			return err
		}
		d := doc.Rebels[i]
		req, err = duelRequest(tx, doc, string(duel.Chicken), []string{"faster=" + doc.rebelFaster(), fmt.Sprintf("marsh=%d", doc.rebelMarsh())},
			eventSeed(doc.Secret, id+"/rebel", i), d.Challenger, d.Target)
		return err
	}); err != nil {
		return "", err
	}
	game, err := s.createOnce(ctx, req)
	if err != nil {
		return "", err
	}
	return game, s.changeLeague(ctx, id, func(tx persistence.Tx, doc *leagueDoc) error {
		doc.Rebels[i].Game = game
		return nil
	})
}

// rebelTick opens the duels accepted by a player's command and books the
// duels whose game is over.
func (s *Service) rebelTick(ctx context.Context, id string, doc *leagueDoc) error {
	for i, d := range doc.Rebels {
		if d.Accepted && d.Game == "" {
			if _, err := s.openRebel(ctx, id, i); err != nil {
				return fmt.Errorf("duel %d: %w", i+1, err)
			}
		}
	}
	return s.changeLeague(ctx, id, func(tx persistence.Tx, doc *leagueDoc) error {
		for i := range doc.Rebels {
			d := &doc.Rebels[i]
			if d.Game == "" || d.Played {
				continue
			}
			g, over, err := s.finishedDuel(tx, d.Game)
			if err != nil || !over {
				return err
			}
			pilots := [2]string{d.Challenger, d.Target}
			if g.Winner >= 0 {
				d.Winner, d.Loser = pilots[g.Winner], pilots[1-g.Winner]
			}
			for seat, c := range g.Cars {
				if c.Marsh {
					d.Lost = append(d.Lost, pilots[seat])
				}
			}
			d.Played = true
		}
		return nil
	})
}

// finishedDuel is a duel game, when it is over.
func (s *Service) finishedDuel(tx persistence.ReadTx, game string) (*duel.Game, bool, error) {
	row, err := tx.Game(game)
	if err != nil || row.State != persistence.GameFinished {
		return nil, false, err
	}
	l, err := s.loadServed(tx, game)
	if err != nil {
		return nil, false, err
	}
	c, ok := l.game.(duel.Contract)
	if !ok {
		return nil, false, fmt.Errorf("game %s is not a duel", game)
	}
	return c.G, true, nil
}

// rebelStandings are the Glory/Shame ledger of the duels played.
func (doc *leagueDoc) rebelStandings() []league.GloryRow {
	if len(doc.Rebels) == 0 {
		return nil
	}
	return league.GloryLedger(doc.duels())
}

// rebelParagraph says the ledger and the challenges waiting, in lang.
func (doc *leagueDoc) rebelParagraph(rows []league.GloryRow, lang string) []WebParagraph {
	if len(doc.Rebels) == 0 {
		return nil
	}
	p := WebParagraph{Title: inLang(lang, [2]string{"Fureur de vivre (AX-4), Glory and Shame", "Fureur de vivre (AX-4), Gloire et Honte"})}
	for _, r := range rows {
		line := inLangf(lang, "%d. %s, %d Glory, %d Shame over %d duel(s).", "%d. %s, %d Gloire, %d Honte en %d duel(s).", r.Position, r.Pilot, r.Glory, r.Shame, r.Duels)
		if r.CarLost {
			line += inLang(lang, [2]string{" Car lost in the marsh: account closed.", " Voiture perdue dans le marais : compte clos."})
		}
		p.Lines = append(p.Lines, line)
	}
	for _, d := range doc.Rebels {
		switch {
		case d.Withdrawn:
		case !d.Accepted:
			p.Lines = append(p.Lines, inLangf(lang, "%s challenges %s: waiting for the answer.", "%s défie %s : en attente de la réponse.", d.Challenger, d.Target))
		case !d.Played:
			p.Lines = append(p.Lines, inLangf(lang, "%s against %s: the duel is on (game %s).", "%s contre %s : le duel est en cours (partie %s).", d.Challenger, d.Target, d.Game))
		}
	}
	return []WebParagraph{p}
}
