package bot

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/internal/phrasebook"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/tracks"
)

// Prose of the record for players, in English or French: each event in a
// sentence, places named as the board names them (a corner, the straight
// before a corner, the pit lane), never the record's key=value syntax nor
// its space ids, and no rule id (why / pourquoi shows them). Discord, mail
// and the terminal all read this one text.

// ruleIDRE finds the rule ids the engine writes into texts: "(R-COL-03)".
var ruleIDRE = regexp.MustCompile(fd.RuleIDExpr)

// wearOrder is the order wear categories are listed in: the car sheet's,
// with gas (fdr) where the gearbox is under the other rulesets.
var wearOrder = []string{"tyres", "brakes", "gearbox", "gas", "body", "engine", "handling"}

// categoryText names a wear category.
func categoryText(cat, lang string) string {
	if !fd.IsWearCategory(cat) {
		return ""
	}
	return phrasebook.Text(lang, phrase.New(string(phrase.Category(cat))))
}

// causeText writes an engine cause for people, without its rule ids
// (fd.CausePhrase).
func causeText(cause, lang string) string {
	return phrasebook.Text(lang, fd.CausePhrase(cause))
}

// carsText: "car 1, car 4, car 3".
func carsText(order, lang string) string {
	return phrasebook.Text(lang, fd.CarsPhrase(order))
}

// ordinal: "3rd" / "3e".
func ordinal(n int, lang string) string {
	return phrasebook.Text(lang, phrase.New("ev.ordinal", phrase.Ordinal(n)))
}

// describeEvent writes one event as a sentence ("" for events that are
// not news), as the rules say it (fd.EventPhrase), to reader (readerOf) in
// game g: the game contract tells the line to reader (toldPhrase), so a
// line reader may not read whole is said by its stand-in (5-D: another
// racing car's configuration). g nil: no game to ask, every event told.
func describeEvent(c *tracks.Circuit, g engine.Game, reader int, e fd.Event, lang string) string {
	p := toldPhrase(c, g, reader, e)
	if e.Kind == takeBackKind {
		p = phrase.Phrase{} // a take-back that does not read is not said
		if tb, err := readTakeBack(e); err == nil {
			p = phrase.New("ev.takeback", strconv.Itoa(tb.Play), tb.Reason)
		}
	}
	if p.IsZero() {
		return ""
	}
	return phrasebook.Text(lang, p) + "."
}

// toldPhrase is the phrase of line e as g's contract tells it to reader
// (readerOf) now: the line's own, its stand-in's when reader is outside
// its audience (engine.Told), none when reader is told nothing of it.
func toldPhrase(c *tracks.Circuit, g engine.Game, reader int, e fd.Event) phrase.Phrase {
	con, ok := g.(fd.Contract) // a Formula Dé line is handed out by its race
	if !ok {
		return fd.EventPhrase(c, e)
	}
	told, ok := engine.Told(con.HandOut(e), reader, con.Over())
	if !ok {
		return phrase.Phrase{}
	}
	if in, ok := fd.StandInOf(told); ok {
		return in.Phrase()
	}
	return fd.EventPhrase(c, e)
}

// describeEvents turns record lines into what happened, for people: one
// sentence a line, told to reader as describeEvent tells them.
func describeEvents(c *tracks.Circuit, g engine.Game, reader int, evs []fd.Event, lang string) string {
	var out []string
	for _, e := range evs {
		if s := describeEvent(c, g, reader, e, lang); s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, "\n")
}

// kindRules are the complete rules' ids behind an event (why / pourquoi);
// the engine's causes carry their own.
var kindRules = map[string][]string{
	"start":     {"R-STA-01"},
	"move":      {"R-MOV-04", "R-MOV-05"},
	"stop":      {"R-COR-02"},
	"overshoot": {"R-OVS-01", "R-OVS-03"},
	"round":     {"R-ORD-01"},
}

// rollRules are the ids behind a roll, by what it was for.
var rollRules = map[string][]string{"start": {"R-STA-01"}, "collision": {"R-COL-03"}, "engine": {"R-ENG-02"}}

// ruleIDsOf lists the rule ids behind one event: its cause's, and for the
// complete rules those of its kind (a qualifying session's copy tells its
// line's cause and braking, not its roll's purpose). A line the codec
// refuses tells only its kind's.
func ruleIDsOf(e fd.Event, rules fd.Ruleset) []string {
	t, _ := fd.Decode(e) // nil for a line the codec refuses
	line := t
	if q, ok := t.(fd.QualifyingCopy); ok {
		line = q.Event
	}
	told := toldRules(line)
	var ids []string
	for _, m := range fd.RuleIDGroups(told.cause) {
		for _, id := range strings.FieldsFunc(strings.Trim(strings.TrimSpace(m), "()"), func(r rune) bool { return r == ',' || r == ';' || r == ' ' }) {
			ids = append(ids, id)
		}
	}
	if rules.Info().Can.OwnRuleBook {
		return ids // its causes cite its own rule book: no complete-rules ids
	}
	ids = append(ids, kindRules[strings.TrimPrefix(e.Kind, "q-")]...)
	if roll, ok := t.(fd.RollEvent); ok {
		ids = append(ids, rollRules[roll.For]...)
	}
	if told.braked != 0 {
		ids = append(ids, "R-BRK-01")
	}
	if told.blocked != 0 {
		ids = append(ids, "R-BLK-01", "R-BLK-02")
	}
	return ids
}

// ruleFacts are what a line tells of the rules behind it: the engine's
// cause (which carries its rule ids), the spaces braked and blocked.
type ruleFacts struct {
	cause           string
	braked, blocked int
}

// toldRules reads the facts of ruleIDsOf from the kinds that have them.
func toldRules(t fd.TypedEvent) ruleFacts {
	switch x := t.(type) {
	case fd.WearEvent:
		return ruleFacts{cause: x.Cause}
	case fd.RepairEvent:
		return ruleFacts{cause: x.Cause}
	case fd.EliminatedEvent:
		return ruleFacts{cause: x.Cause}
	case fd.InjuryEvent:
		return ruleFacts{cause: x.Cause}
	case fd.PositionCarEvent:
		return ruleFacts{cause: x.Cause}
	case fd.PositionLapEvent:
		return ruleFacts{cause: x.Cause}
	case fd.MoveEvent:
		return ruleFacts{braked: x.Braked, blocked: x.Blocked}
	case fd.SlipstreamEvent:
		return ruleFacts{braked: x.Braked, blocked: x.Blocked}
	case fd.SpinEvent:
		return ruleFacts{blocked: x.Blocked}
	}
	return ruleFacts{}
}

// whyText explains the last play: each event in a sentence with the rule
// ids behind it (why / pourquoi: the only text that shows them).
func (s *Service) whyText(tx persistence.ReadTx, l *live, reader int, lang string) (string, error) {
	lines, err := tx.Events(l.row.ID, 0, 0)
	if err != nil {
		return "", err
	}
	rec, err := l.meta.record(l.row.ID, lines)
	if err != nil {
		return "", err
	}
	evs := rec.Events
	start, prev := -1, -1
	for i := len(evs) - 1; i >= 0; i-- {
		if k := strings.TrimPrefix(evs[i].Kind, "q-"); k == "turn" {
			if start < 0 {
				start = i
				// a play in progress has no events yet: explain the one before
				if i == len(evs)-1 || onlyOrders(evs[i+1:]) {
					start = -1
					prev = i
					continue
				}
				break
			}
			if prev >= 0 {
				start = i
				evs = evs[:prev]
				break
			}
		}
	}
	if start < 0 {
		return inLang(lang, [2]string{"nothing has been played yet", "rien n'a encore été joué"}), nil
	}
	var b strings.Builder
	b.WriteString(inLang(lang, [2]string{"The last play, with its rules:", "Le dernier coup, avec ses règles :"}))
	for _, e := range evs[start:] {
		text := describeEvent(l.track, l.game, reader, e, lang)
		if text == "" {
			continue
		}
		if ids := ruleIDsOf(e, fd.Ruleset(l.meta.Rules)); len(ids) > 0 {
			text = strings.TrimSuffix(text, ".") + " (" + strings.Join(ids, ", ") + ")."
		}
		b.WriteString("\n" + text)
	}
	return b.String(), nil
}

func onlyOrders(evs []fd.Event) bool {
	for _, e := range evs {
		if k := strings.TrimPrefix(e.Kind, "q-"); k != "order" {
			return false
		}
	}
	return true
}
