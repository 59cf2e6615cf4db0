package bot

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
)

// 23-C Nationality: each pilot declares before the season's first race
// the event where he gets one piloting point (engine/fd/variants/23c.go).
// Circuits carry no country in Pitwall, so the pilot (or the game master)
// names the round itself; whether it is his or his team's home GP is the
// league's to check [DEC].

// NationalPoint is a pilot's declared home GP.
type NationalPoint struct {
	Pilot string `json:"pilot"`
	Round int    `json:"round"` // from 1
	Track string `json:"track"`
}

// playsVariant says the league plays variant id.
func (doc *leagueDoc) playsVariant(id string) bool {
	return slices.ContainsFunc(doc.Variants, func(spec string) bool {
		v, _, err := fd.ParseVariantSpec(spec)
		return err == nil && v.ID == id
	})
}

// SetHomeRound declares pilot's home GP, round from 1, before the
// season's first event opens. It returns the pilot's name.
func (s *Service) SetHomeRound(ctx context.Context, name, pilot string, round int) (string, error) {
	got := ""
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		if !doc.playsVariant("23-C") {
			return doc.setHome(nil, round) // says why
		}
		e, err := doc.entry(tx, pilot)
		if err != nil {
			return err
		}
		got = e.Pilot
		return doc.setHome(e, round)
	})
	return got, err
}

// setHome declares entry e's home GP, round from 1.
func (doc *leagueDoc) setHome(e *leagueEntry, round int) error {
	if !doc.playsVariant("23-C") {
		return refusef("%s does not play 23-C (nationality points)", "%s ne joue pas la variante 23-C (nationalité)", doc.Name)
	}
	if round < 1 || round > len(doc.Events) {
		return refusef("no round %d: the calendar has %d", "pas de manche %d : le calendrier en compte %d", round, len(doc.Events))
	}
	if len(doc.Events) > 0 && doc.Events[0].Game != "" {
		return refusef("the season has started: a home GP is declared before its first race", "la saison a commencé : le GP national se déclare avant la première course")
	}
	e.HomeRound = round
	return nil
}

// homeRoundUses is 23-C's uses parameter of event round (from 0): 1 for
// each car whose pilot declared it (a substitute does not take the
// absent pilot's point), car 1 first.
func (doc *leagueDoc) homeRoundUses(cars []eventCar, round int) string {
	uses := make([]string, len(cars))
	for i, c := range cars {
		uses[i] = "0"
		for _, e := range doc.Entries {
			if e.Pilot == c.Pilot && e.HomeRound == round+1 {
				uses[i] = "1"
			}
		}
	}
	return strings.Join(uses, "/")
}

// nationalPoints lists the home GPs declared, in calendar order.
func (doc *leagueDoc) nationalPoints() []NationalPoint {
	if !doc.playsVariant("23-C") {
		return nil
	}
	var out []NationalPoint
	for _, e := range doc.Entries {
		if e.HomeRound > 0 && e.HomeRound <= len(doc.Events) {
			out = append(out, NationalPoint{Pilot: e.Pilot, Round: e.HomeRound, Track: doc.Events[e.HomeRound-1].Track})
		}
	}
	slices.SortStableFunc(out, func(a, b NationalPoint) int { return a.Round - b.Round })
	return out
}

// nationalParagraph says the home GPs in lang.
func nationalParagraph(points []NationalPoint, lang string) []WebParagraph {
	if len(points) == 0 {
		return nil
	}
	p := WebParagraph{Title: inLang(lang, [2]string{"Nationality points (23-C), one square more or less on a move at the home GP", "Points de nationalité (23-C), une case de plus ou de moins sur un déplacement au GP national"})}
	for _, n := range points {
		p.Lines = append(p.Lines, inLangf(lang, "%s at round %s (%s)", "%s à la manche %s (%s)", n.Pilot, strconv.Itoa(n.Round), n.Track))
	}
	return []WebParagraph{p}
}

// entryOf is the entry of a player (his own pilot), nil when he has none.
func (doc *leagueDoc) entryOf(player string) *leagueEntry {
	for i := range doc.Entries {
		if doc.Entries[i].Player == player {
			return &doc.Entries[i]
		}
	}
	return nil
}
