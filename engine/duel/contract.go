package duel

import (
	"fmt"
	"strings"

	"github.com/pitwall/pitwall/engine"
)

// Contract serves a duel through the game contract (engine.Game); it adds
// no rule.
type Contract struct{ G *Game }

var _ engine.Game = Contract{}

func (c Contract) Seats() int { return 2 }
func (c Contract) Over() bool { return c.G.Over }
func (c Contract) Events() []engine.Event {
	out := make([]engine.Event, len(c.G.Evs))
	for i, e := range c.G.Evs {
		out[i] = e
	}
	return out
}

// Pending: every awaited seat whose order is not in yet, its order
// secret until the reveal (a sealed order may still be changed).
func (c Contract) Pending() []engine.Decision {
	var out []engine.Decision
	for _, s := range c.G.Awaited() {
		if c.G.Sealed(s) {
			continue
		}
		out = append(out, engine.Decision{Seat: s, Turn: c.G.Tick, Kind: "order", Secret: true, Options: c.Options(s)})
	}
	return out
}

func (c Contract) Options(seat int) []engine.Option {
	var out []engine.Option
	for _, k := range c.G.Orders(seat) {
		out = append(out, engine.Option{Key: k})
	}
	return out
}

func (c Contract) Submit(seat int, key string, r engine.Random) (engine.Step, error) {
	evs, err := c.G.Submit(seat, key, r)
	return step(evs), err
}

func (c Contract) Expire(r engine.Random) (engine.Step, error) {
	evs, err := c.G.Expire(r)
	return step(evs), err
}

func step(evs []Event) engine.Step {
	var s engine.Step
	for _, e := range evs {
		s.Events = append(s.Events, e)
	}
	return s
}

// Autopilot is the autopilot's key for seat while its order is awaited.
func (c Contract) Autopilot(seat int) (string, bool) {
	if c.G.Sealed(seat) {
		return "", false
	}
	k := c.G.Autopilot(seat)
	return k, k != ""
}

func (c Contract) Describe(e engine.Event, lang string) string {
	if d, ok := e.(Event); ok {
		return c.G.Describe(d, lang)
	}
	return ""
}

func (c Contract) Facts(seat int, key string, lang string) string { return c.G.Facts(seat, key, lang) }
func (c Contract) Status(seat int, lang string) string            { return c.G.Status(seat, lang) }

// say picks the sentence of lang ("fr" or English).
func say(lang, en, fr string, a ...any) string {
	if lang == "fr" {
		return fmt.Sprintf(fr, a...)
	}
	return fmt.Sprintf(en, a...)
}

// side names a car (1: left, 2: right).
func side(car int, lang string) string {
	if car == 1 {
		return say(lang, "the left car", "la voiture de gauche")
	}
	return say(lang, "the right car", "la voiture de droite")
}

func gearName(gear, lang string) string {
	if gear == "0" {
		return say(lang, "neutral", "le point mort")
	}
	return say(lang, "gear %s", "la %se", gear)
}

// OrderWords writes an order key as words.
func OrderWords(key, lang string) string {
	switch key {
	case "stop":
		return say(lang, "stop", "arrêt")
	case "parachute":
		return say(lang, "the parachute", "le parachute")
	case "none":
		return say(lang, "nothing to order", "rien à ordonner")
	}
	return gearName(key, lang)
}

var outcomeWords = map[string][2]string{
	"dead":     {"the engine exploded: dead, out of the tournament", "le moteur a explosé : mort, hors du tournoi"},
	"hospital": {"badly burned, three months in hospital: out of the tournament", "gravement brûlé, trois mois d'hôpital : hors du tournoi"},
	"wrecked":  {"the dragster is wrecked: end of the competition", "le dragster est détruit : fin de la compétition"},
	"forfeit":  {"loses the next %d run(s) by forfeit", "perd les %d manche(s) suivante(s) par forfait"},
	"miss":     {"misses the next %d run(s)", "manque les %d manche(s) suivante(s)"},
	"none":     {"no harm: goes on", "sans mal : continue"},
}

var causeWords = map[string][2]string{
	"incident": {"crashes after its incident", "s'écrase après son incident"},
	"off":      {"leaves the track sideways and crashes", "sort de la piste par le côté et s'écrase"},
	"wall":     {"fails to stop before the end of the strip and crashes", "ne s'arrête pas avant le bout de la piste et s'écrase"},
}

// Describe writes an event in lang.
func (g *Game) Describe(e Event, lang string) string {
	car := side(e.Int("car"), lang)
	switch e.Name {
	case "order":
		return say(lang, "Tick %d: %s orders %s (sealed until both orders are in).", "Top %d : %s ordonne %s (secret jusqu'à ce que les deux ordres soient là).",
			e.Int("tick"), side(e.Int("seat"), lang), OrderWords(e.Get("key"), lang))
	case "reveal":
		return say(lang, "Tick %d, the orders revealed: left %s, right %s.", "Top %d, les ordres révélés : gauche %s, droite %s.",
			e.Int("tick"), OrderWords(e.Get("left"), lang), OrderWords(e.Get("right"), lang))
	case "roll":
		return g.describeRoll(e, lang)
	case "move":
		return say(lang, "%s moves %d squares in gear %d, to square %d (lane %d).", "%s avance de %d cases en %de, jusqu'à la case %d (couloir %d).",
			capital(car), e.Int("squares"), e.Int("gear"), e.Int("to"), e.Int("lane"))
	case "incident":
		return say(lang, "Incident for %s: from now on every incident die below its gear times a growing number is a crash.", "Incident pour %s : désormais tout dé d'incident sous son rapport multiplié par un nombre croissant est un crash.", car)
	case "control":
		return say(lang, "%s loses control: it drifts one lane to the %s every move.", "%s perd le contrôle : elle dérive d'un couloir vers la %s à chaque coup.",
			capital(car), dirIn(e.Get("dir"), lang))
	case "parachute":
		if e.Get("opens") == "yes" {
			return say(lang, "%s's parachute opens: two gears down every move until it stops.", "Le parachute de %s s'ouvre : deux rapports de moins à chaque coup jusqu'à l'arrêt.", car)
		}
		return say(lang, "%s's parachute streams: one gear down only.", "Le parachute de %s part en torche : un seul rapport de moins.", car)
	case "cross":
		return say(lang, "%s crosses the line on tick %d, %d square(s) beyond it.", "%s franchit la ligne au top %d, %d case(s) au-delà.", capital(car), e.Int("tick"), e.Int("overshoot"))
	case "crash":
		return say(lang, "%s %s, in gear %d.", "%s %s, en %de.", capital(car), pick(lang, causeWords[e.Get("cause")]), e.Int("gear"))
	case "stop":
		return say(lang, "%s stops at square %d.", "%s s'arrête à la case %d.", capital(car), e.Int("at"))
	case "injury":
		outcome := pick(lang, outcomeWords[e.Get("outcome")])
		if e.Int("runs") > 0 {
			outcome = fmt.Sprintf(outcome, e.Int("runs"))
		}
		return say(lang, "Injury die for %s (crash in gear %d): %d, %s.", "Dé de blessure pour %s (crash en %de) : %d, %s.",
			car, e.Int("gear"), e.Int("roll"), outcome)
	case "marsh":
		return say(lang, "%s ends in the marsh: the car is lost.", "%s finit dans le marais : la voiture est perdue.", capital(car))
	case "faster":
		return say(lang, "%s is faster (%s): the other stops, beaten, unless the faster one fails to stop before the marsh.", "%s est plus rapide (%s) : l'autre s'arrête, battue, à moins que la plus rapide ne s'arrête pas avant le marais.",
			capital(car), pick(lang, fasterWords[e.Get("by")]))
	case "result":
		return g.describeResult(e, lang)
	}
	return ""
}

func (g *Game) describeRoll(e Event, lang string) string {
	v := e.Int("value")
	switch e.Get("for") {
	case "incident":
		return say(lang, "Incident die for %s: %d.", "Dé d'incident pour %s : %d.", side(e.Int("car"), lang), v)
	case "parachute":
		return say(lang, "Parachute die for %s: %d.", "Dé de parachute pour %s : %d.", side(e.Int("car"), lang), v)
	case "injury":
		return say(lang, "Injury die for %s: %d.", "Dé de blessure pour %s : %d.", side(e.Int("car"), lang), v)
	case "box":
		return say(lang, "The box of dice shows %d for gear %d.", "La boîte de dés montre %d pour la %de.", v, e.Int("n"))
	}
	return say(lang, "Gear die for %s: %d.", "Dé de rapport pour %s : %d.", side(e.Int("car"), lang), v)
}

func (g *Game) describeResult(e Event, lang string) string {
	switch {
	case e.Get("rerun") == "yes":
		return say(lang, "Both cars crossed on the same tick by the same amount: the run is held again.", "Les deux voitures ont franchi la ligne au même top et d'autant : la manche est recourue.")
	case e.Get("draw") == "handshake":
		return say(lang, "Both pilots chose neutral: they part with a handshake, no glory and no shame.", "Les deux pilotes ont choisi le point mort : ils se quittent sur une poignée de main, ni gloire ni honte.")
	case e.Get("draw") == "marsh":
		return say(lang, "Both cars went into the marsh together: both are lost, no glory and no shame.", "Les deux voitures sont entrées ensemble dans le marais : toutes deux perdues, ni gloire ni honte.")
	case e.Get("winner") == "none":
		return say(lang, "Neither car crossed the line: nobody wins the run.", "Aucune voiture n'a franchi la ligne : personne ne gagne la manche.")
	}
	w := side(e.Int("winner"), lang)
	if g.Cfg.Mode == Chicken {
		return say(lang, "%s wins the duel: one Glory point to it, one Shame point to the other.", "%s gagne le duel : un point de Gloire pour elle, un point de Honte pour l'autre.", capital(w))
	}
	return say(lang, "%s wins the run.", "%s gagne la manche.", capital(w))
}

// pick is the word of lang from an English and French pair.
func pick(lang string, w [2]string) string {
	if lang == "fr" {
		return w[1]
	}
	return w[0]
}

func dirIn(dir, lang string) string {
	if dir == "right" {
		return say(lang, "right", "droite")
	}
	return say(lang, "left", "gauche")
}

var fasterWords = map[string][2]string{FasterGear: {"the higher gear", "le rapport le plus haut"}, FasterSquares: {"more squares", "plus de cases"}}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Facts says in lang what ordering key means for seat now.
func (g *Game) Facts(seat int, key string, lang string) string {
	found := false
	for _, o := range g.Orders(seat) {
		found = found || o == key
	}
	if !found {
		return ""
	}
	c := g.Cars[seat]
	switch key {
	case "stop":
		return say(lang, "Stop at square %d, no die rolled.", "Arrêt à la case %d, sans lancer de dé.", c.Pos)
	case "parachute":
		return say(lang, "Roll the parachute die: above %d it opens (gear %d now, two gears down each move until stopped); otherwise gear %d.", "Lancer le dé de parachute : au-dessus de %d il s'ouvre (%de maintenant, deux rapports de moins à chaque coup jusqu'à l'arrêt) ; sinon %de.",
			c.Gear, c.Gear-2, c.Gear-1)
	case "0":
		return say(lang, "Neutral: stop where you are at square %d.", "Point mort : s'arrêter où vous êtes, case %d.", c.Pos)
	}
	gear := 0
	fmt.Sscan(key, &gear)
	d := gearDie(gear)
	if g.Cfg.Mode == Chicken {
		return say(lang, "Gear %d: %d to %d squares, from square %d; the marsh is at %d.", "%de : %d à %d cases, depuis la case %d ; le marais est à la case %d.",
			gear, d.Min(), d.Max(), c.Pos, g.Cfg.MarshAt)
	}
	risk := ""
	if c.IncidentK > 0 {
		risk = say(lang, " After the incident, a crash on an incident die below %d.", " Après l'incident, crash sur un dé d'incident sous %d.", gear*c.IncidentK)
	}
	return say(lang, "Gear %d: %d to %d squares, from square %d; the line is at %d, the end of the strip at %d.%s", "%de : %d à %d cases, depuis la case %d ; la ligne est à %d, le bout de la piste à %d.%s",
		gear, d.Min(), d.Max(), c.Pos, FinishLine, StripEnd, risk)
}

// Status is the duel as seat may see it (−1: everyone).
func (g *Game) Status(seat int, lang string) string {
	var b strings.Builder
	if g.Cfg.Mode == Dragster {
		b.WriteString(say(lang, "Dragster run (AX-1), tick %d: the line at square %d, the end of the strip at %d.", "Manche de dragster (AX-1), top %d : la ligne à la case %d, le bout de la piste à %d.", g.Tick, FinishLine, StripEnd))
	} else {
		b.WriteString(say(lang, "Fureur de vivre (AX-4), tick %d: the marsh at square %d.", "Fureur de vivre (AX-4), top %d : le marais à la case %d.", g.Tick, g.Cfg.MarshAt))
	}
	for s := range 2 {
		c := g.Cars[s]
		state := map[State][2]string{Running: {"running", "en course"}, Stopped: {"stopped", "arrêtée"}, Crashed: {"crashed", "accidentée"}}[c.State]
		if c.Marsh {
			state = [2]string{"in the marsh", "dans le marais"}
		}
		b.WriteString("\n" + say(lang, "%s: square %d, lane %d, gear %d, %s.", "%s : case %d, couloir %d, %de, %s.", capital(side(s+1, lang)), c.Pos, c.Lane, c.Gear, pick(lang, state)))
		if c.IncidentK > 0 && c.State == Running {
			b.WriteString(say(lang, " Incident: crash on an incident die below gear × %d.", " Incident : crash sur un dé d'incident sous rapport × %d.", c.IncidentK))
		}
		if c.LocDir != 0 && c.State == Running {
			b.WriteString(say(lang, " Out of control, drifting %s.", " Hors de contrôle, dérive vers la %s.", dirIn(dirWord(c.LocDir), lang)))
		}
		if c.Chute == ChuteOpen && c.State == Running {
			b.WriteString(say(lang, " Parachute open.", " Parachute ouvert."))
		}
		if !g.Over && s != seat && g.Sealed(s) {
			b.WriteString(say(lang, " Has ordered.", " A donné son ordre."))
		}
		if !g.Over && s == seat && g.Sealed(s) {
			b.WriteString(say(lang, " Your order: %s.", " Votre ordre : %s.", OrderWords(g.sealed[s], lang)))
		}
	}
	if g.Over && len(g.Evs) > 0 {
		b.WriteString("\n" + g.Describe(g.Evs[len(g.Evs)-1], lang))
	}
	return b.String()
}
