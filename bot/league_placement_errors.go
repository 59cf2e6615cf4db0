package bot

import (
	"context"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// 24-C's placement errors (league-variants.md ch. 24, AMB-51; FDR R1.12):
// a pilot's placement errors in a lap are not announced during it but
// scored afterwards, +10 rolls each. The bot places no car wrongly, so
// they "cannot happen except by admin entry": the league's game master
// enters them against a pilot's recorded round, and the side trophies
// rank the error rolls per qualifying session (league.Trophies.
// RankPlacementErrors). The grid is not changed: the round is played.

// VerbPlacementError: the game master enters a pilot's placement errors
// at a recorded round: placement-error NAME ROUND [COUNT] (erreur-placement
// NOM MANCHE [NOMBRE]); the count is 1 when unsaid.
const VerbPlacementError Verb = "placement-error"

// parsePlacementError reads NAME ROUND [COUNT]: the round and the count
// are the whole numbers written last, the name every word before them.
// A count out of range is read as written, so that the league refuses it
// with its sentence.
func parsePlacementError(rest string) (name string, round, count int, ok bool) {
	f := strings.Fields(rest)
	if len([]rune(rest)) > 80 || len(f) < 2 {
		return "", 0, 0, false
	}
	number := func(s string) (int, bool) {
		n, err := strconv.Atoi(s)
		return n, err == nil && strconv.Itoa(n) == s && len(s) <= 9 // no sign +, no leading 0
	}
	last, ok := number(f[len(f)-1])
	if !ok {
		return "", 0, 0, false
	}
	if len(f) >= 3 {
		if r, isRound := number(f[len(f)-2]); isRound && r >= 1 {
			return strings.Join(f[:len(f)-2], " "), r, last, true
		}
	}
	if last < 1 {
		return "", 0, 0, false
	}
	return strings.Join(f[:len(f)-1], " "), last, 1, true
}

// enterPlacementError enters count placement errors of pilot at round
// (from 1); it refuses, with a sentence, a league without 24-C, a count
// out of 1…league.MaxPlacementErrors, a round not recorded, an unknown
// pilot and one who drove no qualifying lap there.
func (doc *leagueDoc) enterPlacementError(tx persistence.ReadTx, pilot string, round, count int) (league.PlacementError, error) {
	if !doc.playsVariant("24-C") {
		return league.PlacementError{}, refusef("%s does not play 24-C (side trophies): there is no placement errors ranking", "%s ne joue pas la 24-C (trophées annexes) : il n'y a pas de classement des erreurs de placement", doc.Name)
	}
	if count < 1 || count > league.MaxPlacementErrors {
		return league.PlacementError{}, refusef("a pilot makes 1 to %d placement errors in a lap, not %d", "un pilote fait de 1 à %d erreurs de placement dans un tour, pas %d", league.MaxPlacementErrors, count)
	}
	if round < 1 || round > len(doc.Events) {
		return league.PlacementError{}, refusef("%s has no round %d: its rounds are 1 to %d", "%s n'a pas de manche %d : ses manches vont de 1 à %d", doc.Name, round, len(doc.Events))
	}
	res := doc.Events[round-1].Result
	if res == nil {
		return league.PlacementError{}, refusef("round %d has no recorded result yet: placement errors are entered once its qualifying is over", "la manche %d n'a pas encore de résultat : les erreurs de placement se saisissent une fois ses essais terminés", round)
	}
	for _, c := range res.Cars {
		if normName(c.Pilot) == normName(pilot) && c.QualiSessions > 0 {
			e := league.PlacementError{Pilot: c.Pilot, Round: round, Count: count}
			doc.PlacementErrors = append(doc.PlacementErrors, e)
			return e, nil
		}
	}
	if _, err := doc.entry(tx, pilot); err != nil {
		return league.PlacementError{}, err
	}
	return league.PlacementError{}, refusef("%s drove no qualifying lap at round %d", "%s n'a fait aucun tour d'essais à la manche %d", pilot, round)
}

// EnterPlacementError is the organiser's entry of placement errors from
// the command line (pitwall league placement-error); it returns the entry
// said as placementErrorReply does.
func (s *Service) EnterPlacementError(ctx context.Context, name, pilot string, round, count int) (string, error) {
	var reply string
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		e, err := doc.enterPlacementError(tx, pilot, round, count)
		reply = doc.placementErrorReply(e, "en")
		return err
	})
	return reply, err
}

// placementErrorReply says an entry and the pilot's errors of the season,
// in lang.
func (doc *leagueDoc) placementErrorReply(e league.PlacementError, lang string) string {
	total := 0
	for _, f := range doc.PlacementErrors {
		if f.Pilot == e.Pilot {
			total += f.Count
		}
	}
	return inLangf(lang, "%s: %s at round %d's qualifying, %d rolls more (R1.12); %s this season.", "%s : %s aux essais de la manche %d, %d jets de plus (R1.12) ; %s cette saison.",
		e.Pilot, placementErrors(e.Count, lang), e.Round, e.Count*league.PlacementErrorRolls, placementErrors(total, lang))
}

// placementErrors says n placement errors in lang ("2 placement errors",
// "2 erreurs de placement").
func placementErrors(n int, lang string) string {
	if n == 1 {
		return inLang(lang, [2]string{"1 placement error", "1 erreur de placement"})
	}
	return inLangf(lang, "%d placement errors", "%d erreurs de placement", n)
}

// placementErrorsParagraph lists the placement errors entered, in order,
// in lang.
func placementErrorsParagraph(errs []league.PlacementError, lang string) []WebParagraph {
	if len(errs) == 0 {
		return nil
	}
	p := WebParagraph{Title: inLang(lang, [2]string{"Placement errors (24-C)", "Erreurs de placement (24-C)"})}
	for _, e := range errs {
		p.Lines = append(p.Lines, inLangf(lang, "%s, %s at round %d.", "%s, %s à la manche %d.", e.Pilot, placementErrors(e.Count, lang), e.Round))
	}
	return []WebParagraph{p}
}
