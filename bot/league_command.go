package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// The league's words of the command language (issue 15), English and
// French, every transport: standings, calendar, the Pas de Bol vote, and
// the game master's enter, substitute and black flag (7-A, with warn).
const (
	VerbStandings  Verb = "standings"
	VerbCalendar   Verb = "calendar"
	VerbVote       Verb = "vote"
	VerbEnter      Verb = "enter"
	VerbSubstitute Verb = "substitute"
	VerbWarn       Verb = "warn"
	VerbBlackFlag  Verb = "black-flag"
	// VerbFirstDriver: the game master makes a pilot the first driver
	// (No. 1) of their team, the teammate the second (LF-02).
	VerbFirstDriver Verb = "first-driver"
	// VerbCareer: a pilot's career over every league (LF-01); without a
	// name, the sender's pilot.
	VerbCareer Verb = "career"
	// VerbBid: the sender's sealed bid on the next event (1-D); VerbHome
	// the sender's home GP by round (23-C).
	VerbBid  Verb = "bid"
	VerbHome Verb = "home"
	// VerbPot: the sender's build total on the next event (5-E).
	VerbPot Verb = "pot"
	// VerbTransfer: the sender's wish for the market between seasons
	// (25-A): stay, or leave with a list of teams.
	VerbTransfer Verb = "transfer"
	// VerbTeamBuild: the sender's team's build (4-B(b), 19-F), before
	// the season.
	VerbTeamBuild Verb = "team-build"
	// VerbChallenge: the sender's pilot challenges another to a Fureur
	// de vivre duel (AX-4); VerbAccept accepts one, the duel opening.
	VerbChallenge Verb = "challenge"
	VerbAccept    Verb = "accept"
	// VerbWithdraw: the sender's pilot withdraws a challenge not yet
	// accepted (AX-4: withdraw challenge NAME) or withdraws from a
	// Dragster tournament not yet drawn (AX-1: withdraw dragster N);
	// Word says which, Name or Number what.
	VerbWithdraw Verb = "withdraw"
	// VerbCancel: the league's game master calls a Dragster tournament
	// off (AX-1: cancel dragster N); Word "dragster", Number which.
	VerbCancel Verb = "cancel"
	// VerbForfeit: the sender's pilot gives up his match running in a
	// Dragster tournament (AX-1: forfeit dragster N), a walkover.
	VerbForfeit Verb = "forfeit"
	// VerbTeamTune: the sender's team's pre-race tune (19-F), before the
	// season.
	VerbTeamTune Verb = "team-tune"
)

// VerbNewPilot: the sender enters a replacement pilot for his pilot hurt,
// suspended or dead (20-A); the game master names the pilot replaced
// (new-pilot NAME for PILOT).
const VerbNewPilot Verb = "new-pilot"

// VerbInjuries: the sender plays 20-A rule C's injuries this season, or
// not (in, out), before its first race; the game master names a pilot.
const VerbInjuries Verb = "injuries"

var leagueVerbs = map[string]struct {
	verb Verb
	lang string
}{
	"standings": {VerbStandings, "en"}, "classement": {VerbStandings, "fr"}, "classements": {VerbStandings, "fr"},
	"calendar": {VerbCalendar, "en"}, "calendrier": {VerbCalendar, "fr"},
	"vote": {VerbVote, "en"}, "voter": {VerbVote, "fr"},
	"enter": {VerbEnter, "en"}, "engager": {VerbEnter, "fr"},
	"substitute": {VerbSubstitute, "en"}, "remplacant": {VerbSubstitute, "fr"},
	"warn": {VerbWarn, "en"}, "avertir": {VerbWarn, "fr"},
	"black-flag": {VerbBlackFlag, "en"}, "blackflag": {VerbBlackFlag, "en"}, "drapeau-noir": {VerbBlackFlag, "fr"},
	"first-driver": {VerbFirstDriver, "en"}, "premier-pilote": {VerbFirstDriver, "fr"},
	"career": {VerbCareer, "en"}, "carriere": {VerbCareer, "fr"},
	"bid": {VerbBid, "en"}, "miser": {VerbBid, "fr"},
	"home": {VerbHome, "en"}, "domicile": {VerbHome, "fr"},
	"pot": {VerbPot, "en"}, "cagnotte": {VerbPot, "fr"},
	"transfer": {VerbTransfer, "en"}, "transfert": {VerbTransfer, "fr"},
	"team-build": {VerbTeamBuild, "en"}, "budget-ecurie": {VerbTeamBuild, "fr"},
	"challenge": {VerbChallenge, "en"}, "defier": {VerbChallenge, "fr"},
	"accept": {VerbAccept, "en"}, "accepter": {VerbAccept, "fr"},
	"withdraw": {VerbWithdraw, "en"}, "renoncer": {VerbWithdraw, "fr"},
	"cancel": {VerbCancel, "en"}, "decommander": {VerbCancel, "fr"},
	"forfeit": {VerbForfeit, "en"}, "forfait": {VerbForfeit, "fr"},
	"team-tune": {VerbTeamTune, "en"}, "reglage-ecurie": {VerbTeamTune, "fr"},
	"injuries": {VerbInjuries, "en"}, "blessures": {VerbInjuries, "fr"},
	"violation": {VerbViolation, "en"}, "infraction": {VerbViolation, "fr"},
	"new-pilot": {VerbNewPilot, "en"}, "nouveau-pilote": {VerbNewPilot, "fr"},
	"fine": {VerbFine, "en"}, "amende": {VerbFine, "fr"},
	"placement-error": {VerbPlacementError, "en"}, "erreur-placement": {VerbPlacementError, "fr"},
}

// IsLeagueVerb reports whether v is one of the league's commands, which
// are answered for a league rather than a game.
func IsLeagueVerb(v Verb) bool {
	switch v {
	case VerbStandings, VerbCalendar, VerbVote, VerbEnter, VerbSubstitute, VerbWarn, VerbBlackFlag, VerbFirstDriver, VerbCareer, VerbBid, VerbHome, VerbPot, VerbTransfer, VerbTeamBuild, VerbChallenge, VerbAccept, VerbTeamTune, VerbWithdraw, VerbCancel, VerbForfeit:
		return true
	case VerbInjuries:
		return true
	case VerbViolation:
		return true
	case VerbNewPilot, VerbFine:
		return true
	case VerbPlacementError:
		return true
	}
	return false
}

// parseLeague reads a league command: words are the folded words, rest the
// text after the verb as typed. ok is false when words[0] is not a league
// word.
func parseLeague(words []string, rest string) (c Command, ok bool, err error) {
	v, ok := leagueVerbs[words[0]]
	if !ok {
		return Command{}, false, nil
	}
	c = Command{Verb: v.verb, Lang: v.lang}
	switch c.Verb {
	case VerbStandings, VerbCalendar:
		if len(words) > 1 {
			err = fmt.Errorf("%s takes nothing after it", words[0])
		}
	case VerbCareer:
		// career [NAME] (carriere [NOM])
		if len([]rune(rest)) > 80 {
			err = fmt.Errorf("write %s and a pilot's name", words[0])
			break
		}
		c.Name = strings.TrimSpace(rest)
	case VerbVote, VerbEnter, VerbFirstDriver, VerbChallenge, VerbAccept:
		// challenge NAME (defier NOM), accept NAME (accepter NOM): the
		// other pilot of a Fureur de vivre duel (AX-4);
		// vote NAME (voter NOM); enter NAME [team TEAM] (engager NOM
		// [ecurie ÉCURIE]); first-driver NAME (premier-pilote NOM)
		name, team := rest, ""
		if c.Verb == VerbEnter {
			name, team = cutWord(rest, " team ", " ecurie ", " écurie ")
		}
		if strings.TrimSpace(name) == "" || len([]rune(rest)) > 80 {
			err = fmt.Errorf("write %s and a pilot's name", words[0])
			break
		}
		c.Name, c.Name2 = strings.TrimSpace(name), strings.TrimSpace(team)
	case VerbWithdraw, VerbCancel, VerbForfeit:
		// withdraw challenge NAME (renoncer defi NOM): AX-4;
		// withdraw dragster N (renoncer dragster N), cancel dragster N
		// (decommander dragster N), forfeit dragster N (forfait
		// dragster N): AX-1
		what, arg, _ := strings.Cut(strings.TrimSpace(rest), " ")
		arg = strings.TrimSpace(arg)
		switch Fold(what) {
		case "challenge", "defi":
			c.Word, c.Name = "challenge", arg
			if arg == "" || len([]rune(arg)) > 80 || c.Verb != VerbWithdraw {
				err = fmt.Errorf("write withdraw challenge NAME (renoncer defi NOM): the pilot you challenged")
			}
		case "dragster":
			c.Word = "dragster"
			n, convErr := strconv.Atoi(arg)
			if convErr != nil || n < 1 || strings.ContainsAny(arg, "+-") {
				err = fmt.Errorf("write %s dragster N (renoncer dragster N): the tournament's number", words[0])
			}
			c.Number = n
		default:
			err = fmt.Errorf("write withdraw challenge NAME, withdraw dragster N, forfeit dragster N or cancel dragster N (renoncer defi NOM, renoncer dragster N, forfait dragster N, decommander dragster N)")
		}
	case VerbSubstitute:
		// substitute NAME for NAME (remplacant NOM pour NOM)
		sub, pilot := cutWord(rest, " for ", " pour ")
		if strings.TrimSpace(sub) == "" || strings.TrimSpace(pilot) == "" {
			err = fmt.Errorf("write %s NAME for NAME (remplacant NOM pour NOM)", words[0])
			break
		}
		c.Name, c.Name2 = strings.TrimSpace(sub), strings.TrimSpace(pilot)
	case VerbNewPilot:
		// new-pilot NAME [for PILOT] (nouveau-pilote NOM [pour PILOTE]):
		// the replacement pilot; the pilot replaced is the game master's
		name, pilot := cutWord(rest, " for ", " pour ")
		if strings.TrimSpace(name) == "" || len([]rune(rest)) > 80 {
			err = fmt.Errorf("write %s and the new pilot's name (nouveau-pilote NOM)", words[0])
			break
		}
		c.Name, c.Name2 = strings.TrimSpace(name), strings.TrimSpace(pilot)
	case VerbBid, VerbHome, VerbPot:
		// bid N (miser N); home N (domicile N); pot N (cagnotte N): a
		// whole number; bid A/B/C… is 1-D's split up front, the league
		// reads it
		if c.Verb == VerbBid && strings.Contains(rest, "/") {
			if len(words) != 2 || len([]rune(rest)) > 200 {
				err = fmt.Errorf("write %s and your split, one bid a race, e.g. %s 120/0/80", words[0], words[0])
			}
			c.Word = strings.TrimSpace(rest)
			break
		}
		n, convErr := strconv.Atoi(strings.TrimSpace(rest))
		if convErr != nil || len(words) != 2 {
			err = fmt.Errorf("write %s and a whole number", words[0])
			break
		}
		c.Number = n
	case VerbTeamBuild:
		// team-build CAR NO1/NO2 under 4-B(b), team-build ENGINEERS under
		// 19-F alone (budget-ecurie …): the league reads the numbers
		if len(words) < 2 || len([]rune(rest)) > 20 {
			err = fmt.Errorf("write %s and the team's build, e.g. %s 21 1/1", words[0], words[0])
			break
		}
		c.Word = strings.TrimSpace(rest)
	case VerbInjuries:
		// injuries in|out [NAME] (blessures oui|non [NOM]): 20-A rule C's
		// opt-in; a name is the game master's
		if len(words) < 2 || len([]rune(rest)) > 80 {
			err = fmt.Errorf("write %s in or %s out", words[0], words[0])
			break
		}
		switch words[1] {
		case "in", "on", "yes", "oui":
			c.Word = "in"
		case "out", "off", "no", "non":
			c.Word = "out"
		default:
			err = fmt.Errorf("write %s in or %s out", words[0], words[0])
		}
		_, name, _ := strings.Cut(strings.TrimSpace(rest), " ")
		c.Name = strings.TrimSpace(name)
	case VerbViolation:
		// violation NAME N (infraction NOM N): the pilot, then the round
		f := strings.Fields(rest)
		if len(f) < 2 || len([]rune(rest)) > 80 {
			err = fmt.Errorf("write %s, a pilot's name and the round, e.g. %s Cleo 2", words[0], words[0])
			break
		}
		n, convErr := strconv.Atoi(f[len(f)-1])
		if convErr != nil || n < 1 || strings.ContainsAny(f[len(f)-1], "+-") {
			err = fmt.Errorf("write %s, a pilot's name and the round, e.g. %s Cleo 2", words[0], words[0])
			break
		}
		c.Name, c.Number = strings.Join(f[:len(f)-1], " "), n
	case VerbFine:
		// fine NAME AMOUNT [REASON] (amende NOM MONTANT [MOTIF]), 24-C
		var ok bool
		if c.Name, c.Number, c.Reason, ok = parseFine(rest); !ok {
			err = fmt.Errorf("write %s, a pilot's name, the amount and a reason if you like, e.g. %s Cleo 50 late orders", words[0], words[0])
		}
	case VerbPlacementError:
		// placement-error NAME ROUND [COUNT] (erreur-placement NOM MANCHE
		// [NOMBRE]), 24-C: Numbers holds the round and the count
		name, round, count, ok := parsePlacementError(rest)
		if !ok {
			err = fmt.Errorf("write %s, a pilot's name, the round and the number of errors if more than one, e.g. %s Cleo 2 3", words[0], words[0])
			break
		}
		c.Name, c.Numbers = name, []int{round, count}
	case VerbTeamTune:
		// team-tune NO1/NO2 (reglage-ecurie …): each car's characteristics
		// joined by +, - for none; the league reads them
		if len(words) < 2 || len([]rune(rest)) > 120 {
			err = fmt.Errorf("write %s and the team's tune, e.g. %s engine+brakes/tyres", words[0], words[0])
			break
		}
		c.Word = strings.TrimSpace(rest)
	case VerbTransfer:
		// transfer stay | transfer leave TEAM, TEAM, … (transfert reste |
		// transfert part ÉCURIE, …): the teams separated by commas
		if len(words) < 2 {
			err = fmt.Errorf("write %s stay, or %s leave and your teams separated by commas", words[0], words[0])
			break
		}
		switch words[1] {
		case "stay", "reste", "rester":
			// transfer stay [TEAM, …]: the list of 10 should the champion
			// take his seat (25-A.1)
			c.Word = "stay"
			_, list, _ := strings.Cut(strings.TrimSpace(rest), " ")
			c.Reason = strings.TrimSpace(list)
		case "leave", "part", "partir", "new", "nouveau":
			// transfer new [TEAM, …] (transfert nouveau …): a newcomer
			// to the league registers for the market (25-A.1)
			c.Word = "leave"
			if words[1] == "new" || words[1] == "nouveau" {
				c.Word = "new"
			}
			_, list, _ := strings.Cut(strings.TrimSpace(rest), " ")
			c.Reason = strings.TrimSpace(list)
		default:
			err = fmt.Errorf("write %s stay, or %s leave and your teams separated by commas (%s new for a newcomer)", words[0], words[0], words[0])
		}
	case VerbWarn, VerbBlackFlag:
		// warn NAME reason; black-flag NAME reason: the first word is the
		// pilot, as in kick
		f := strings.Fields(rest)
		if len(f) == 0 {
			err = fmt.Errorf("write %s, a pilot's name and the reason", words[0])
			break
		}
		c.Name, c.Reason = f[0], strings.Join(f[1:], " ")
	}
	if err != nil {
		return c, true, &ParseError{Input: words[0], Msg: err.Error()}
	}
	return c, true, nil
}

// cutWord splits s at the first of the separators, compared in lower
// case, keeping the spelling of both sides.
func cutWord(s string, seps ...string) (string, string) {
	low := strings.ToLower(s)
	if len(low) != len(s) {
		return s, ""
	}
	for _, sep := range seps {
		if i := strings.Index(low, sep); i > 0 {
			return s[:i], s[i+len(sep):]
		}
	}
	return s, ""
}

// leagueFor finds the league a command is for: the one named, else the one
// whose event the game is, else the only league the player is in (or
// runs).
func leagueFor(tx persistence.ReadTx, name, game, player string) (persistence.League, *leagueDoc, error) {
	if name != "" {
		return findLeague(tx, name)
	}
	rows, err := tx.Leagues()
	if err != nil {
		return persistence.League{}, nil, err
	}
	var mine []int
	docs := make([]*leagueDoc, len(rows))
	for i, row := range rows {
		var doc leagueDoc
		if err := json.Unmarshal(row.Data, &doc); err != nil {
			return row, nil, err
		}
		doc.fixSeats()
		docs[i] = &doc
		for _, ev := range doc.Events {
			if game != "" && ev.Game == game {
				return row, &doc, nil
			}
		}
		in := doc.Master == player || slices.ContainsFunc(doc.Entries, func(e leagueEntry) bool { return e.Player == player })
		if in {
			mine = append(mine, i)
		}
	}
	if len(mine) == 1 {
		return rows[mine[0]], docs[mine[0]], nil
	}
	if len(mine) == 0 {
		return persistence.League{}, nil, refusef("you are in no league", "vous n'êtes dans aucune ligue")
	}
	return persistence.League{}, nil, refusef("you are in several leagues: name one", "vous êtes dans plusieurs ligues : nommez-en une")
}

// HandleLeague runs a league command (IsLeagueVerb) for the player an
// identity belongs to, in the league named (req.League), or the league of
// req.Game, or the player's only league. A command with an inbound key is
// answered once: its duplicate gets the same reply and changes nothing.
func (s *Service) HandleLeague(ctx context.Context, req Request, cmd Command) (string, error) {
	var reply string
	err := s.store.Update(ctx, func(tx persistence.Tx) error {
		if prev, seen, err := answered(tx, req); err != nil || seen {
			reply = prev
			return err
		}
		player, err := tx.PlayerByIdentity(req.Identity.Kind, req.Identity.Value)
		if errors.Is(err, persistence.ErrNotFound) {
			return refusef("unknown player %q", "joueur inconnu %q", req.Identity.Value)
		}
		if err != nil {
			return err
		}
		lang := player.Language
		row, doc, err := leagueFor(tx, req.League, req.Game, player.ID)
		if err != nil {
			return InPlayerLang(err, lang)
		}
		changed := false
		reply, changed, err = s.leagueCommand(tx, row.ID, doc, player, cmd, lang)
		if err != nil {
			return InPlayerLang(err, lang)
		}
		if changed {
			if err := putLeague(tx, row, doc); err != nil {
				return err
			}
		}
		if req.Key != "" {
			return tx.RecordInbound(persistence.Inbound{Source: req.Source, Key: req.Key, Reply: reply, Received: s.opts.Now()})
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	s.kick()
	return reply, nil
}

// leagueCommand applies one league command to doc; changed says whether
// doc must be stored.
func (s *Service) leagueCommand(tx persistence.Tx, id string, doc *leagueDoc, p persistence.Player, cmd Command, lang string) (string, bool, error) {
	master := doc.Master == p.ID
	needMaster := func() error {
		if !master {
			return refusef("only the league's game master may do that", "seul le directeur de course de la ligue peut faire cela")
		}
		return nil
	}
	switch cmd.Verb {
	case VerbStandings:
		return doc.standingsAfter(id, len(doc.Events)).Text(lang), false, nil
	case VerbCalendar:
		return doc.calendarText(lang), false, nil
	case VerbEnter:
		if err := needMaster(); err != nil {
			return "", false, err
		}
		if err := s.enterDoc(tx, doc, EnterRequest{Player: cmd.Name, Team: cmd.Name2}); err != nil {
			return "", false, err
		}
		e := doc.Entries[len(doc.Entries)-1]
		if e.Team != "" {
			return inLangf(lang, "%s enters %s, car %d, %s driver of %s.", "%s est engagé dans %s, voiture %d, %s pilote de %s.", e.Pilot, doc.Name, e.Number, seatName(e.Seat, lang), e.Team), true, nil
		}
		return inLangf(lang, "%s enters %s, car %d.", "%s est engagé dans %s, voiture %d.", e.Pilot, doc.Name, e.Number), true, nil
	case VerbSubstitute:
		if err := needMaster(); err != nil {
			return "", false, err
		}
		round, err := s.substituteDoc(tx, doc, persistence.Identity{}, cmd.Name, cmd.Name2)
		if err != nil {
			return "", false, err
		}
		return inLangf(lang, "%s drives for %s in round %d.", "%s remplace %s à la manche %d.", cmd.Name, cmd.Name2, round), true, nil
	case VerbCareer:
		v, err := careerIn(tx, cmd.Name, p.ID)
		if err != nil {
			return "", false, err
		}
		return v.Text(lang), false, nil
	case VerbFirstDriver:
		if err := needMaster(); err != nil {
			return "", false, err
		}
		team, pilot, err := doc.setFirst(tx, "", cmd.Name)
		if err != nil {
			return "", false, err
		}
		return inLangf(lang, "%s is now the first driver of %s; car numbers do not change.", "%s est désormais premier pilote de %s ; les numéros ne changent pas.", pilot, team), true, nil
	case VerbBid, VerbHome, VerbPot:
		e := doc.entryOf(p.ID)
		if e == nil {
			return "", false, refusef("you have no car in %s", "vous n'avez pas de voiture dans %s", doc.Name)
		}
		if cmd.Verb == VerbHome {
			if err := doc.setHome(e, cmd.Number); err != nil {
				return "", false, err
			}
			return inLangf(lang, "%s gets the nationality point at round %d (%s).", "%s aura le point de nationalité à la manche %d (%s).", e.Pilot, cmd.Number, doc.Events[cmd.Number-1].Track), true, nil
		}
		if cmd.Verb == VerbPot {
			i, err := doc.declareTotal(e.Pilot, cmd.Number)
			if err != nil {
				return "", false, err
			}
			return doc.totalReply(e.Pilot, cmd.Number, i, lang), true, nil
		}
		if cmd.Word != "" { // 1-D's split up front
			if err := doc.placeSplit(e.Pilot, cmd.Word); err != nil {
				return "", false, err
			}
			return doc.splitReply(e.Pilot, cmd.Word, lang), true, nil
		}
		i, err := doc.placeBid(e.Pilot, cmd.Number)
		if err != nil {
			return "", false, err
		}
		return doc.bidReply(e.Pilot, cmd.Number, i, lang), true, nil
	case VerbTeamBuild:
		e := doc.entryOf(p.ID)
		if e == nil {
			return "", false, refusef("you have no car in %s", "vous n'avez pas de voiture dans %s", doc.Name)
		}
		b, err := doc.setTeamBuild(e, cmd.Word)
		if err != nil {
			return "", false, err
		}
		return teamBuildReply(e.Team, b, lang), true, nil
	case VerbTeamTune:
		e := doc.entryOf(p.ID)
		if e == nil {
			return "", false, refusef("you have no car in %s", "vous n'avez pas de voiture dans %s", doc.Name)
		}
		b, err := doc.setTeamTune(e, cmd.Word)
		if err != nil {
			return "", false, err
		}
		return teamTuneReply(e.Team, b, lang), true, nil
	case VerbInjuries:
		e := doc.entryOf(p.ID)
		if cmd.Name != "" {
			if err := needMaster(); err != nil {
				return "", false, err
			}
			if err := doc.injuryOptInOpen(); err != nil {
				return "", false, err
			}
			var err error
			if e, err = doc.entry(tx, cmd.Name); err != nil {
				return "", false, err
			}
		}
		if e == nil {
			return "", false, refusef("you have no car in %s", "vous n'avez pas de voiture dans %s", doc.Name)
		}
		if err := doc.setInjuryOptIn(e, cmd.Word == "in"); err != nil {
			return "", false, err
		}
		return InjuryOptInReply(e.Pilot, cmd.Word == "in", lang), true, nil
	case VerbTransfer:
		if cmd.Word == "new" {
			leagues, err := leaguesByAge(tx)
			if err != nil {
				return "", false, err
			}
			n, err := doc.registerNewcomer(leagues, p, "", teamList(cmd.Reason))
			if err != nil {
				return "", false, err
			}
			return newcomerReply(n.Pilot, n.Teams, lang), true, nil
		}
		e := doc.entryOf(p.ID)
		if e == nil {
			return "", false, refusef("you have no car in %s", "vous n'avez pas de voiture dans %s", doc.Name)
		}
		teams := teamList(cmd.Reason)
		pilot, err := doc.declareTransfer(e, cmd.Word == "leave", teams)
		if err != nil {
			return "", false, err
		}
		return transferReply(pilot, cmd.Word == "leave", doc.Market[pilot].Teams, lang), true, nil
	case VerbChallenge, VerbAccept:
		e := doc.entryOf(p.ID)
		if e == nil {
			return "", false, refusef("you have no car in %s", "vous n'avez pas de voiture dans %s", doc.Name)
		}
		if cmd.Verb == VerbAccept {
			if _, err := doc.acceptChallenge(e.Pilot, cmd.Name); err != nil {
				return "", false, err
			}
			return inLangf(lang, "%s accepts %s's challenge: the duel opens now, its orders come as a game's.", "%s relève le défi de %s : le duel s'ouvre, ses ordres arrivent comme ceux d'une partie.", e.Pilot, cmd.Name), true, nil
		}
		if _, err := doc.issueChallenge(e.Pilot, cmd.Name); err != nil {
			return "", false, err
		}
		return inLangf(lang, "%s challenges %s to a Fureur de vivre duel; %s accepts with: accept %s.", "%s défie %s en Fureur de vivre ; %s l'accepte par : accepter %s.", e.Pilot, cmd.Name, cmd.Name, e.Pilot), true, nil
	case VerbWithdraw:
		e := doc.entryOf(p.ID)
		if e == nil {
			return "", false, refusef("you have no car in %s", "vous n'avez pas de voiture dans %s", doc.Name)
		}
		if cmd.Word == "dragster" {
			if err := doc.withdrawFromDragster(e.Pilot, cmd.Number); err != nil {
				return "", false, err
			}
			return inLangf(lang, "%s withdraws from Dragster tournament %d: the draw will not include him.", "%s se retire du tournoi de Dragster %d : le tirage ne le comprendra pas.", e.Pilot, cmd.Number), true, nil
		}
		target, err := doc.withdrawChallenge(e.Pilot, cmd.Name)
		if err != nil {
			return "", false, err
		}
		return inLangf(lang, "%s withdraws his challenge to %s; no Glory, no Shame.", "%s retire son défi à %s ; ni Gloire ni Honte.", e.Pilot, target), true, nil
	case VerbForfeit:
		e := doc.entryOf(p.ID)
		if e == nil {
			return "", false, refusef("you have no car in %s", "vous n'avez pas de voiture dans %s", doc.Name)
		}
		if err := s.forfeitDragster(tx, doc, e.Pilot, cmd.Number); err != nil {
			return "", false, err
		}
		return inLangf(lang, "%s gives up his match in Dragster tournament %d: the other goes through by walkover.", "%s déclare forfait dans son match du tournoi de Dragster %d : l'autre passe sans courir.", e.Pilot, cmd.Number), true, nil
	case VerbCancel:
		if err := needMaster(); err != nil {
			return "", false, err
		}
		if err := s.cancelDragster(tx, doc, cmd.Number); err != nil {
			return "", false, err
		}
		return inLangf(lang, "Dragster tournament %d is cancelled: no champion, and a run under way stops without a result.", "Le tournoi de Dragster %d est annulé : pas de vainqueur, et une manche en cours s'arrête sans résultat.", cmd.Number), true, nil
	case VerbNewPilot:
		e := doc.entryOf(p.ID)
		if cmd.Name2 != "" {
			if err := needMaster(); err != nil {
				return "", false, err
			}
			var err error
			if e, err = doc.entry(tx, cmd.Name2); err != nil {
				return "", false, err
			}
		}
		if e == nil {
			return "", false, refusef("you have no car in %s", "vous n'avez pas de voiture dans %s", doc.Name)
		}
		leagues, err := leaguesByAge(tx)
		if err != nil {
			return "", false, err
		}
		r, err := doc.enterReplacement(leagues, e, cmd.Name)
		if err != nil {
			return "", false, err
		}
		return replacementReply(r, lang), true, nil
	case VerbViolation:
		if err := needMaster(); err != nil {
			return "", false, err
		}
		v, err := doc.enterViolation(cmd.Name, cmd.Number)
		if err != nil {
			return "", false, err
		}
		return ViolationReply(v, lang), true, nil
	case VerbFine:
		if err := needMaster(); err != nil {
			return "", false, err
		}
		f, err := doc.enterFine(tx, cmd.Name, cmd.Number, cmd.Reason)
		if err != nil {
			return "", false, err
		}
		return doc.fineReply(f, lang), true, nil
	case VerbPlacementError:
		if err := needMaster(); err != nil {
			return "", false, err
		}
		e, err := doc.enterPlacementError(tx, cmd.Name, cmd.Numbers[0], cmd.Numbers[1])
		if err != nil {
			return "", false, err
		}
		return doc.placementErrorReply(e, lang), true, nil
	case VerbVote:
		return s.votePasDeBol(tx, doc, p, cmd.Name, lang)
	case VerbWarn:
		return s.warn(tx, doc, p, cmd.Name, cmd.Reason, lang)
	case VerbBlackFlag:
		return s.blackFlag(tx, doc, p, master, cmd.Name, cmd.Reason, lang)
	}
	return "", false, fmt.Errorf("not a league command: %s", cmd.Verb)
}

// calendarText lists the events in prose.
func (doc *leagueDoc) calendarText(lang string) string {
	var b strings.Builder
	b.WriteString(inLangf(lang, "%s, %d round(s):\n", "%s, %d manche(s) :\n", doc.Name, len(doc.Events)))
	for i, ev := range doc.Events {
		state := inLang(lang, [2]string{"to come", "à venir"})
		switch {
		case ev.Result != nil:
			state = inLang(lang, [2]string{"raced", "disputée"})
		case ev.Game != "":
			state = inLangf(lang, "racing now in game %s", "en cours, partie %s", ev.Game)
		}
		b.WriteString(inLangf(lang, "  round %d: %s on %s, %s\n", "  manche %d : %s le %s, %s\n", i+1, ev.Track, ev.Date.Format("2006-01-02 15:04 UTC"), state))
	}
	return b.String()
}

// participants are the pilots of event i's line-up.
func (ev *leagueEvent) participants() []string {
	var out []string
	for _, c := range ev.Cars {
		out = append(out, c.Pilot)
	}
	return out
}

// pilotOf is p's pilot name at event ev ("" when p did not race it).
func (ev *leagueEvent) pilotOf(player string) string {
	for _, c := range ev.Cars {
		if c.Player == player {
			return c.Pilot
		}
	}
	return ""
}

// findPilot matches name against the pilots of an event.
func (ev *leagueEvent) findPilot(name string) string {
	for _, c := range ev.Cars {
		if normName(c.Pilot) == normName(name) {
			return c.Pilot
		}
	}
	return ""
}

// votePasDeBol records p's Pas de Bol vote (24-D) for the last event with
// a result whose point is not awarded yet: a participant, not for himself;
// voting again replaces the vote.
func (s *Service) votePasDeBol(tx persistence.Tx, doc *leagueDoc, p persistence.Player, name, lang string) (string, bool, error) {
	for i := len(doc.Events) - 1; i >= 0; i-- {
		ev := &doc.Events[i]
		if ev.Result == nil || ev.Result.PasDeBol != "" {
			continue
		}
		me := ev.pilotOf(p.ID)
		if me == "" {
			return "", false, refusef("only the pilots of round %d vote", "seuls les pilotes de la manche %d votent", i+1)
		}
		who := ev.findPilot(name)
		if who == "" {
			return "", false, refusef("no pilot %q raced round %d: vote for one of %s", "aucun pilote %q à la manche %d : votez pour %s", name, i+1, strings.Join(ev.participants(), ", "))
		}
		if who == me {
			return "", false, refusef("you cannot vote for yourself", "vous ne pouvez pas voter pour vous-même")
		}
		if ev.Votes == nil {
			ev.Votes = map[string]string{}
		}
		ev.Votes[me] = who
		return inLangf(lang, "Your Pas de Bol vote for round %d goes to %s.", "Votre vote Pas de Bol de la manche %d va à %s.", i+1, who), true, nil
	}
	return "", false, refusef("no Pas de Bol vote is open", "aucun vote Pas de Bol n'est ouvert")
}

// closePasDeBol awards the Pas de Bol point of event i (24-D) once every
// pilot has voted or the vote window has passed: the plurality of the
// votes, the luck index breaking a tie.
func closePasDeBol(ev *leagueEvent, luck map[string]float64) {
	ev.Result.PasDeBol = league.PasDeBol(ev.participants(), ev.Votes, luck)
}

// flagEvent is the event a warning or black flag is about: the last one
// opened.
func (doc *leagueDoc) flagEvent() (int, error) {
	for i := len(doc.Events) - 1; i >= 0; i-- {
		if doc.Events[i].Game != "" {
			return i, nil
		}
	}
	return -1, refusef("no event has started yet", "aucune course n'a encore commencé")
}

// warn records a warning to a pilot of the current event (7-A): any pilot
// of the race, or the game master, may give it; it is the step before a
// black flag.
func (s *Service) warn(tx persistence.Tx, doc *leagueDoc, p persistence.Player, name, reason, lang string) (string, bool, error) {
	i, err := doc.flagEvent()
	if err != nil {
		return "", false, err
	}
	ev := &doc.Events[i]
	by := ev.pilotOf(p.ID)
	if by == "" && doc.Master != p.ID {
		return "", false, refusef("only the pilots of round %d and the game master give warnings", "seuls les pilotes de la manche %d et le directeur de course avertissent", i+1)
	}
	if by == "" {
		by = p.Name
	}
	who := ev.findPilot(name)
	if who == "" {
		return "", false, refusef("no pilot %q in round %d", "pas de pilote %q à la manche %d", name, i+1)
	}
	ev.Warnings = append(ev.Warnings, warning{Pilot: who, By: by, Reason: reason})
	return inLangf(lang, "%s is warned (round %d): %s. A black flag may now be asked for.", "%s est averti (manche %d) : %s. Un drapeau noir peut maintenant être demandé.", who, i+1, reason), true, nil
}

// blackFlag asks for, or votes for, a black flag to a warned pilot (7-A):
// the pilots of the race but the accused vote by sending black-flag NAME;
// it passes with two thirds of them (league.BlackFlagPasses), or at once
// when the game master shows it. A flagged pilot is excluded from the
// event's classification; a second flag in the championship bans the
// player from the rest of it.
func (s *Service) blackFlag(tx persistence.Tx, doc *leagueDoc, p persistence.Player, master bool, name, reason, lang string) (string, bool, error) {
	i, err := doc.flagEvent()
	if err != nil {
		return "", false, err
	}
	ev := &doc.Events[i]
	who := ev.findPilot(name)
	if who == "" {
		return "", false, refusef("no pilot %q in round %d", "pas de pilote %q à la manche %d", name, i+1)
	}
	for _, f := range doc.Flags {
		if f.Event == i+1 && f.Pilot == who {
			return "", false, refusef("%s has the black flag already", "%s a déjà le drapeau noir", who)
		}
	}
	if !slices.ContainsFunc(ev.Warnings, func(w warning) bool { return w.Pilot == who }) {
		return "", false, refusef("%s has not been warned in round %d: warn first (warn NAME reason)", "%s n'a pas été averti à la manche %d : avertissez d'abord (avertir NOM raison)", who, i+1)
	}
	me := ev.pilotOf(p.ID)
	if !master {
		if me == "" {
			return "", false, refusef("only the pilots of round %d vote a black flag", "seuls les pilotes de la manche %d votent le drapeau noir", i+1)
		}
		if me == who {
			return "", false, refusef("you cannot vote on your own black flag", "vous ne pouvez pas voter votre propre drapeau noir")
		}
		if ev.FlagVotes == nil {
			ev.FlagVotes = map[string][]string{}
		}
		if !slices.Contains(ev.FlagVotes[who], me) {
			ev.FlagVotes[who] = append(ev.FlagVotes[who], me)
		}
		yes, electorate := len(ev.FlagVotes[who]), len(ev.Cars)-1
		if !league.BlackFlagPasses(electorate, yes) {
			need := (2*electorate + 2) / 3
			return inLangf(lang, "Black flag for %s: %d vote(s) of the %d needed.", "Drapeau noir pour %s : %d vote(s) sur les %d nécessaires.", who, yes, need), true, nil
		}
	}
	if strings.TrimSpace(reason) == "" { // the vote that passes it may give none: the warning's
		for _, w := range ev.Warnings {
			if w.Pilot == who {
				reason = w.Reason
			}
		}
	}
	doc.Flags = append(doc.Flags, blackFlag{Event: i + 1, Pilot: who, Reason: reason})
	reply := inLangf(lang, "Black flag: %s is excluded from round %d.", "Drapeau noir : %s est exclu de la manche %d.", who, i+1)
	if ev.Game != "" && ev.Result == nil {
		for _, c := range ev.Cars {
			if c.Pilot != who {
				continue
			}
			out, err := s.excludeInRace(tx, ev.Game, c.Car, reason, lang)
			if err != nil {
				return "", false, err
			}
			if out {
				reply += inLangf(lang, " Car %d leaves the race now.", " La voiture %d quitte la course maintenant.", c.Car)
			}
		}
	}
	// a second flag in the championship bans the player (7-A)
	var player string
	for _, c := range ev.Cars {
		if c.Pilot == who {
			player = c.Player
		}
	}
	flags := 0
	for _, f := range doc.Flags {
		if fe := doc.Events[f.Event-1]; fe.pilotPlayer(f.Pilot) == player {
			flags++
		}
	}
	if flags >= league.BannedAfter {
		for k := range doc.Entries {
			if doc.Entries[k].Player == player {
				doc.Entries[k].Banned = true
				reply += inLangf(lang, " A second black flag: %s is banned from the championship.", " Second drapeau noir : %s est exclu du championnat.", who)
			}
		}
	}
	if ev.Result != nil { // already classified: classify again without him
		for k := range ev.Result.Cars {
			if ev.Result.Cars[k].Pilot == who {
				ev.Result.Cars[k].Status = league.Excluded
			}
		}
		ev.Result.Cars = league.Classify(ev.Result.Cars)
	}
	return reply, true, nil
}

// excludeInRace takes a black-flagged pilot's car out of its race while
// the race runs (7-A): the race direction's exclusion is a line of the
// game's record (fd.Game.Exclude), committed in the league command's
// transaction with the black flag, so both are stored or neither. It
// reports whether the car left the race (not when the race is over, not
// started, in its qualifying session, or the car already out).
func (s *Service) excludeInRace(tx persistence.Tx, game string, car int, reason, lang string) (bool, error) {
	row, err := tx.Game(game)
	if err != nil {
		return false, err
	}
	if row.State != persistence.GameRunning && row.State != persistence.GamePaused {
		return false, nil
	}
	// a fresh copy, never the game goroutine's cached one: the commit
	// moves the game's version on, so its goroutine reloads
	l, err := s.load(tx, game)
	if err != nil {
		return false, err
	}
	if l.game == nil || l.game.Over() || !l.inPlay(car) {
		return false, nil
	}
	l.beginCommand()
	defer l.endCommand()
	if _, err := s.official(l, fd.ExclusionLine(car, reason)); err != nil {
		if isRefusal(err) {
			return false, nil
		}
		return false, err
	}
	if err := s.autoplayTurns(l, tx); err != nil { // seats on autopilot play on
		return false, err
	}
	s.forget(game)
	return true, s.commit(tx, l, game, lang)
}

// pilotPlayer is the player who drove as pilot at this event.
func (ev *leagueEvent) pilotPlayer(pilot string) string {
	for _, c := range ev.Cars {
		if c.Pilot == pilot {
			return c.Player
		}
	}
	return ""
}
