package bot

import (
	"context"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// 24-C's fines (league-variants.md ch. 24, LF-32): an admin ledger the
// league's game master fills, pilot by pilot; the source defines no fine,
// so the amounts are the league's, whole numbers in its own unit. The
// ranking is each pilot's total (league.Trophies.RankFines).

// VerbFine: the game master fines a pilot: fine NAME AMOUNT [REASON]
// (amende NOM MONTANT [MOTIF]).
const VerbFine Verb = "fine"

// parseFine reads NAME AMOUNT [REASON]: the name is every word before the
// first whole number, the reason every word after it.
func parseFine(rest string) (name string, amount int, reason string, ok bool) {
	f := strings.Fields(rest)
	for i := 1; i < len(f); i++ {
		n, err := strconv.Atoi(f[i])
		if err != nil || strings.ContainsAny(f[i], "+-") {
			continue
		}
		return strings.Join(f[:i], " "), n, strings.Join(f[i+1:], " "), len([]rune(rest)) <= 160
	}
	return "", 0, "", false
}

// enterFine adds a fine of amount against pilot, who must be entered in
// the league; it refuses with a sentence a league without 24-C, an
// unknown pilot, an amount out of 1…league.MaxFine.
func (doc *leagueDoc) enterFine(tx persistence.ReadTx, pilot string, amount int, reason string) (league.Fine, error) {
	if !doc.playsVariant("24-C") {
		return league.Fine{}, refusef("%s does not play 24-C (side trophies): there is no fines ledger", "%s ne joue pas la 24-C (trophées annexes) : il n'y a pas de registre des amendes", doc.Name)
	}
	if amount < 1 || amount > league.MaxFine {
		return league.Fine{}, refusef("a fine is a whole amount from 1 to %d, not %d", "une amende est un montant entier de 1 à %d, pas %d", league.MaxFine, amount)
	}
	e, err := doc.entry(tx, pilot)
	if err != nil {
		return league.Fine{}, err
	}
	f := league.Fine{Pilot: e.Pilot, Amount: amount, Reason: strings.TrimSpace(reason)}
	doc.Fines = append(doc.Fines, f)
	return f, nil
}

// FineLeague is the organiser's entry of a fine from the command line
// (pitwall league fine); it returns the fine as entered and the pilot's
// new total.
func (s *Service) FineLeague(ctx context.Context, name, pilot string, amount int, reason string) (string, error) {
	var reply string
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		f, err := doc.enterFine(tx, pilot, amount, reason)
		reply = doc.fineReply(f, "en")
		return err
	})
	return reply, err
}

// fineReply says an entered fine and the pilot's total, in lang.
func (doc *leagueDoc) fineReply(f league.Fine, lang string) string {
	total := 0
	for _, g := range doc.Fines {
		if g.Pilot == f.Pilot {
			total += g.Amount
		}
	}
	why := ""
	if f.Reason != "" {
		why = inLangf(lang, " (%s)", " (%s)", f.Reason)
	}
	return inLangf(lang, "%s is fined %d%s, %d in all.", "%s reçoit une amende de %d%s, %d en tout.", f.Pilot, f.Amount, why, total)
}

// finesParagraph lists the fines entered, in order, in lang.
func finesParagraph(fines []league.Fine, lang string) []WebParagraph {
	if len(fines) == 0 {
		return nil
	}
	p := WebParagraph{Title: inLang(lang, [2]string{"Fines (24-C)", "Amendes (24-C)"})}
	for _, f := range fines {
		line := inLangf(lang, "%s fined %d", "%s, amende de %d", f.Pilot, f.Amount)
		if f.Reason != "" {
			line += " (" + f.Reason + ")"
		}
		p.Lines = append(p.Lines, line+".")
	}
	return []WebParagraph{p}
}
