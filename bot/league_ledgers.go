package bot

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// The experience ledgers of 23-A and 23-B (engine/league/ledger.go): a
// league that plays one keeps each pilot's (or team's) balance from the
// events' results, opens each season with the balances the seasons before
// closed with (carry-over), and shows them with its standings.

// LeagueLedger is one ledger of a league after its recorded events.
type LeagueLedger struct {
	Scheme string `json:"scheme"` // "23-A(c)", "23-A(i) team"
	Team   bool   `json:"team"`
	Use    string `json:"use"`  // what a spend buys (league.Use)
	Unit   string `json:"unit"` // what a spend costs: "1", "30", "10"
	// PlusOnly: a spend is +1 on a move, never −1 (23-A(a1)).
	PlusOnly bool `json:"plus_only,omitempty"`
	// Accounts: highest balance first.
	Accounts []LedgerAccount `json:"accounts"`
}

// LedgerAccount is one holder's balance.
type LedgerAccount struct {
	Holder  string `json:"holder"`
	Balance string `json:"balance"` // decimal: "1.8"
	Opening string `json:"opening"` // carried over from the season before
	// Next: the spends the balance allows at the next event.
	Next int `json:"next"`
}

// ledgerSchemes are the ledgers the league's variants keep.
func ledgerSchemes(variants []string) ([]league.Scheme, error) {
	var out []league.Scheme
	for _, spec := range variants {
		v, p, err := fd.ParseVariantSpec(spec)
		if err != nil {
			continue // refused at league create
		}
		var s []league.Scheme
		switch v.ID {
		case "23-A":
			s, err = league.Schemes23A(p["scheme"])
		case "23-B":
			s, err = league.Schemes23B(p["scheme"])
		}
		if err != nil {
			return nil, err
		}
		out = append(out, s...)
	}
	return out, nil
}

// ledgerBooks runs the league's ledgers over its results.
func (doc *leagueDoc) ledgerBooks(results []league.Result) ([]league.Scheme, [][]league.Account) {
	schemes, err := ledgerSchemes(doc.Variants)
	if err != nil {
		return nil, nil
	}
	books := make([][]league.Account, len(schemes))
	spent := doc.ledgerSpends(schemes, results)
	for i, s := range schemes {
		books[i] = s.Book(doc.LedgerOpening[s.ID], results, spent[i], doc.Points)
	}
	return schemes, books
}

// ledgerSpends are what each scheme spent at each recorded event: the
// pilot points its race's record shows, and the build points its game
// was given (buildSpends).
func (doc *leagueDoc) ledgerSpends(schemes []league.Scheme, results []league.Result) [][]league.Spent {
	spent := doc.buildSpends(schemes, results)
	for i, s := range schemes {
		if s.Use != league.UseBuild {
			spent[i] = spentInRaces(s, results)
		}
	}
	return spent
}

// buildSpends attributes, event by event, the build points each event's
// cars were given to the league's build ledgers (23-A(h), 23-A(e)(i)
// team, 23-B(a)(b) and (b)'s wins): one check over every source, at most
// one a car a race (23-A(h) "a 23-point configuration", 23-B "never two
// points on the same car"), each ledger no more than its balance allowed
// then. An event stored with the cars its game was given (leagueEvent.
// Builds) debits those alone; an older one, without, its cars as they
// come. Build ledgers get a non-nil list, the book's record of them.
func (doc *leagueDoc) buildSpends(schemes []league.Scheme, results []league.Result) [][]league.Spent {
	spent := make([][]league.Spent, len(schemes))
	for k, s := range schemes {
		if s.Use == league.UseBuild {
			spent[k] = []league.Spent{}
		}
	}
	for i, res := range results {
		usable := doc.buildUsable(schemes, results[:i], spent)
		var given []int
		if i < len(doc.Events) {
			given = doc.Events[i].Builds
		}
		for _, d := range allocateBuilds(schemes, usable, resultCars(res), given) {
			spent[d.scheme] = append(spent[d.scheme], league.Spent{Round: i, Holder: d.holder, Uses: 1})
		}
	}
	return spent
}

// buildUsable is what each build ledger allows at the next event, by
// holder, after results with those spends.
func (doc *leagueDoc) buildUsable(schemes []league.Scheme, results []league.Result, spent [][]league.Spent) []map[string]int {
	usable := make([]map[string]int, len(schemes))
	for k, s := range schemes {
		if s.Use != league.UseBuild {
			continue
		}
		usable[k] = map[string]int{}
		for _, a := range s.Book(doc.LedgerOpening[s.ID], results, spent[k], doc.Points) {
			usable[k][a.Holder] = a.Next
		}
	}
	return usable
}

// buildDebit is one build point given: the ledger it comes from and the
// holder it is debited from.
type buildDebit struct {
	scheme int
	holder string
	car    int // index in the event's cars
}

// allocateBuilds gives the cars of one event their build points, car 1
// first: a pilot's ledger before his team's (23-A(h)'s point must be spent
// at the next race), then the ledgers in the league's order, one point a
// car over all of them; given, when not nil, bounds it to the cars the
// game was given one (1) — usable is spent as it goes.
func allocateBuilds(schemes []league.Scheme, usable []map[string]int, cars []eventCar, given []int) []buildDebit {
	var out []buildDebit
	got := make([]bool, len(cars))
	for _, team := range []bool{false, true} {
		for k, s := range schemes {
			if s.Use != league.UseBuild || s.Team != team {
				continue
			}
			for j, c := range cars {
				holder := c.Pilot
				if team {
					holder = c.Team
				}
				if got[j] || holder == "" || usable[k][holder] <= 0 || given != nil && (j >= len(given) || given[j] == 0) {
					continue
				}
				got[j], usable[k][holder] = true, usable[k][holder]-1
				out = append(out, buildDebit{scheme: k, holder: holder, car: j})
			}
		}
	}
	return out
}

// resultCars are a recorded event's cars, car 1 first.
func resultCars(res league.Result) []eventCar {
	cars := make([]eventCar, 0, len(res.Cars))
	for _, c := range res.Cars {
		cars = append(cars, eventCar{Car: c.Car, Pilot: c.Pilot, Team: c.Team})
	}
	slices.SortFunc(cars, func(a, b eventCar) int { return a.Car - b.Car })
	return cars
}

// nextBuilds are the build points the next event's cars get from every
// build ledger (allocateBuilds), after the recorded results and what the
// events opened and not yet counted hold (never spent twice).
func (doc *leagueDoc) nextBuilds(cars []eventCar, results []league.Result) ([]league.Scheme, []buildDebit) {
	schemes, err := ledgerSchemes(doc.Variants)
	if err != nil {
		return nil, nil
	}
	usable := doc.buildUsable(schemes, results, doc.buildSpends(schemes, results))
	for j := len(results); j < len(doc.Events); j++ {
		if ev := doc.Events[j]; ev.Game != "" {
			allocateBuilds(schemes, usable, ev.Cars, ev.Builds)
		}
	}
	return schemes, allocateBuilds(schemes, usable, cars, nil)
}

// movesInRace: the schemes whose points a player spends in a race
// (engine/fd/variants/23.go): ±1 on a move, or 23-A(g)'s new roll of the
// movement die, each a "pilot-point" event the book debits.
func movesInRace(s league.Scheme) bool {
	return !s.Team && (s.Use == league.UseMove || s.Use == league.UseMoveOrTest || s.Use == league.UseReroll)
}

// spentInRaces reads what each race's record spent of a scheme a race
// spends: the pilot points ("pilot-point" events, point=earned,
// Car.PointsSpent), or 23-A(c)'s season tokens (point=token,
// Car.TokensSpent).
func spentInRaces(s league.Scheme, results []league.Result) []league.Spent {
	if !movesInRace(s) && s.Use != league.UseSeasonBoost {
		return nil
	}
	var out []league.Spent
	for i, res := range results {
		for _, c := range res.Cars {
			n := c.PointsSpent
			if s.Use == league.UseSeasonBoost {
				n = c.TokensSpent
			}
			if n > 0 {
				out = append(out, league.Spent{Round: i, Holder: c.Pilot, Uses: n})
			}
		}
	}
	return out
}

// pilotPointUses is 23-A's uses parameter of an event's game: each car's
// pilot points open at this event (its driver's balance; a substitute
// spends his own), car 1 first.
func (doc *leagueDoc) pilotPointUses(cars []eventCar, results []league.Result) string {
	return strings.Join(doc.raceUses(cars, results, movesInRace, func(ev leagueEvent) map[string]int { return ev.PointUses }), "/")
}

// seasonTokenUses is 23-A(c)'s tokens parameter of an event's game: each
// car's season boost tokens left (its driver's), car 1 first; "" when no
// car has one, so a game without them plays as before.
func (doc *leagueDoc) seasonTokenUses(cars []eventCar, results []league.Result) string {
	uses := doc.raceUses(cars, results, func(s league.Scheme) bool { return s.Use == league.UseSeasonBoost },
		func(ev leagueEvent) map[string]int { return ev.TokenUses })
	if !slices.ContainsFunc(uses, func(n string) bool { return n != "0" }) {
		return ""
	}
	return strings.Join(uses, "/")
}

// gridPointUses is 23-A's grid_use parameter of an event's game (23-A(c),
// (i): the qualifying earning credited before the race): each car's worst
// qualified grid place whose earning opens its pilot one more point in
// that race (league.Scheme.UsableFromGrid), from his balance less what an
// open event holds, car 1 first; "" when no car's place can.
func (doc *leagueDoc) gridPointUses(cars []eventCar, results []league.Result) string {
	schemes, books := doc.ledgerBooks(results)
	held := map[string]int{}
	for _, ev := range doc.Events {
		if ev.Game != "" && ev.Result == nil {
			for pilot, n := range ev.PointUses {
				held[pilot] += n
			}
		}
	}
	out := make([]int, len(cars))
	for i, s := range schemes {
		if !movesInRace(s) || !s.GridCredit {
			continue
		}
		for _, a := range books[i] {
			place := s.UsableFromGrid(a.Balance - league.Milli(held[a.Holder])*s.Unit)
			for j, c := range cars {
				if c.Pilot == a.Holder {
					out[j] = place
				}
			}
		}
	}
	return grantsParam(out)
}

// raceUses are each car's uses of the pilot ledgers of use the next
// event opens, car 1 first: the balances after the recorded results,
// less what an event opened and not recorded yet holds (held), so events
// that overlap never spend one point twice.
func (doc *leagueDoc) raceUses(cars []eventCar, results []league.Result, of func(league.Scheme) bool, held func(leagueEvent) map[string]int) []string {
	schemes, books := doc.ledgerBooks(results)
	next := map[string]int{}
	for i, s := range schemes {
		if of(s) {
			for _, a := range books[i] {
				next[a.Holder] = a.Next
			}
		}
	}
	for _, ev := range doc.Events {
		if ev.Game != "" && ev.Result == nil {
			for pilot, n := range held(ev) {
				next[pilot] -= n
			}
		}
	}
	uses := make([]string, len(cars))
	for i, c := range cars {
		uses[i] = strconv.Itoa(max(next[c.Pilot], 0))
	}
	return uses
}

// ledgerGrants are what variant's ledgers of use give each car of an
// event's game, car 1 first, from the balances after the recorded
// results: a build point (23-A(h), 23-A(e)(i) team, 23-B(a)(b)), one a
// car over every ledger (nextBuilds), a team's spread over its cars in
// car order; 23-B(c)'s whole team points, to every car of the team (not
// consumed). Empty when no car gets one: a game the ledger gives nothing
// plays as before.
func (doc *leagueDoc) ledgerGrants(variant string, use league.Use, cars []eventCar, results []league.Result) string {
	out := make([]int, len(cars))
	if use == league.UseBuild {
		schemes, debits := doc.nextBuilds(cars, results)
		for _, d := range debits {
			if strings.HasPrefix(schemes[d.scheme].ID, variant) {
				out[d.car] = 1
			}
		}
		return grantsParam(out)
	}
	schemes, books := doc.ledgerBooks(results)
	for i, s := range schemes {
		if s.Use != use || !strings.HasPrefix(s.ID, variant) {
			continue
		}
		next := map[string]int{}
		for _, a := range books[i] {
			next[a.Holder] = a.Next
		}
		for j, c := range cars {
			holder := c.Pilot
			if s.Team {
				holder = c.Team
			}
			if holder != "" && next[holder] > 0 {
				out[j] += next[holder] // 23-B(c): not consumed, every car of the team
			}
		}
	}
	return grantsParam(out)
}

// grantsParam writes each car's grant, car 1 first, "" when no car gets
// one: a game the ledger gives nothing plays as before.
func grantsParam(out []int) string {
	if !slices.ContainsFunc(out, func(n int) bool { return n > 0 }) {
		return ""
	}
	parts := make([]string, len(out))
	for i, n := range out {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, "/")
}

// grantedPointUses reads the pilot points (23-A's uses) or season tokens
// (its tokens) an event's game was opened with, by pilot: the parameter
// key of its stored variants, car 1 first.
func grantedPointUses(tx persistence.ReadTx, game string, cars []eventCar, key string) (map[string]int, error) {
	out := map[string]int{}
	err := eachStoredVariant(tx, game, func(id string, p map[string]string) {
		if id != "23-A" || p[key] == "" {
			return
		}
		for i, n := range perCar(p[key], len(cars)) {
			out[cars[i].Pilot] += n
		}
	})
	if err != nil || len(out) == 0 {
		return nil, err
	}
	return out, nil
}

// grantedBuilds reads the build points (23-A, 23-B) an event's game was
// given, car 1 first: the build parameters of its stored variants
// summed (zeros: none given), nil in a game without 23-A or 23-B.
func grantedBuilds(tx persistence.ReadTx, game string, cars int) ([]int, error) {
	var out []int // nil: no ledger gives build points in this league
	err := eachStoredVariant(tx, game, func(id string, p map[string]string) {
		if id != "23-A" && id != "23-B" {
			return
		}
		if out == nil {
			out = make([]int, cars)
		}
		for i, n := range perCar(p["build"], cars) {
			out[i] += n
		}
	})
	return out, err
}

// eachStoredVariant calls fn with each variant an event's game was
// opened with and its parameters, as its stored meta holds them; a spec
// that no longer parses is skipped.
func eachStoredVariant(tx persistence.ReadTx, game string, fn func(id string, params map[string]string)) error {
	row, err := tx.Game(game)
	if err != nil {
		return err
	}
	m, err := decodeMeta(row)
	if err != nil {
		return err
	}
	for _, spec := range m.Variants {
		if v, p, err := fd.ParseVariantSpec(spec); err == nil {
			fn(v.ID, p)
		}
	}
	return nil
}

// perCar reads a per-car parameter ("1/0/2", car 1 first) as the positive
// amounts of its first cars cars, by index.
func perCar(list string, cars int) map[int]int {
	out := map[int]int{}
	for i, f := range strings.Split(list, "/") {
		if n, err := strconv.Atoi(f); err == nil && n > 0 && i < cars {
			out[i] = n
		}
	}
	return out
}

// ledgers are the league's ledgers after results, as shown.
func (doc *leagueDoc) ledgers(results []league.Result) []LeagueLedger {
	schemes, books := doc.ledgerBooks(results)
	out := make([]LeagueLedger, 0, len(schemes))
	for i, s := range schemes {
		l := LeagueLedger{Scheme: s.ID, Team: s.Team, Use: string(s.Use), Unit: s.Unit.String(), PlusOnly: s.PlusOnly, Accounts: []LedgerAccount{}}
		for _, a := range books[i] {
			l.Accounts = append(l.Accounts, LedgerAccount{Holder: a.Holder, Balance: a.Balance.String(), Opening: a.Opening.String(), Next: a.Next})
		}
		out = append(out, l)
	}
	return out
}

// carriedLedgers are the balances a new season opens with: the seasons
// before it (older leagues keeping the same ledger, oldest first) run in
// turn, each opening with what the one before closed with.
func carriedLedgers(variants []string, before []storedLeague) (map[string]map[string]league.Milli, error) {
	schemes, err := ledgerSchemes(variants)
	if err != nil || len(schemes) == 0 {
		return nil, err
	}
	out := map[string]map[string]league.Milli{}
	for _, prev := range before {
		prevSchemes, err := ledgerSchemes(prev.doc.Variants)
		if err != nil {
			continue
		}
		// the points its races spent and the build points its games were
		// given are gone, as in its standings
		results := prev.doc.results()
		spent := prev.doc.ledgerSpends(prevSchemes, results)
		for _, s := range schemes {
			for k, p := range prevSchemes {
				if p.ID == s.ID {
					out[s.ID] = p.Closing(p.Book(out[s.ID], results, spent[k], prev.doc.Points))
				}
			}
		}
	}
	return out, nil
}

// useText says what a spend buys, in lang.
func useText(u string, plusOnly bool, lang string) string {
	switch league.Use(u) {
	case league.UseMove:
		if plusOnly { // 23-A(a1)
			return inLang(lang, [2]string{"one square more on a move", "une case de plus sur un déplacement"})
		}
		return inLang(lang, [2]string{"one square more or less on a move", "une case de plus ou de moins sur un déplacement"})
	case league.UseReroll:
		return inLang(lang, [2]string{"a new roll of the movement die", "relancer le dé de déplacement"})
	case league.UseMoveOrTest:
		return inLang(lang, [2]string{"one square more or less, or a black-die test refused", "une case de plus ou de moins, ou un test au dé noir refusé"})
	case league.UseBuild:
		return inLang(lang, [2]string{"one more build point for a race", "un point de configuration de plus pour une course"})
	case league.UseSeasonBoost:
		return inLang(lang, [2]string{"one square more on a move, once this season", "une case de plus sur un déplacement, une fois dans la saison"})
	case league.UseQuickStop:
		return inLang(lang, [2]string{"quick stops succeeding one higher", "des arrêts rapides réussis un cran plus haut"})
	}
	return u
}

// writeLedgers writes the ledgers as sentences, in lang.
func writeLedgers(b *strings.Builder, ledgers []LeagueLedger, lang string) {
	writeParagraphs(b, ledgerParagraphs(ledgers, lang), lang)
}

// ledgerParagraphs says each ledger in lang (ledgerSentences).
func ledgerParagraphs(ledgers []LeagueLedger, lang string) []WebParagraph {
	ps := make([]WebParagraph, 0, len(ledgers))
	for _, l := range ledgers {
		title, lines := ledgerSentences(l, lang)
		ps = append(ps, WebParagraph{Title: title, Lines: lines})
	}
	return ps
}

// ledgerSentences says a ledger in lang: its title (what a spend costs
// and buys) and one sentence a holder.
func ledgerSentences(l LeagueLedger, lang string) (string, []string) {
	title := inLangf(lang, "Pilot points (%s)", "Points de pilotes (%s)", l.Scheme)
	if l.Team {
		title = inLangf(lang, "Team points (%s)", "Points d'écuries (%s)", l.Scheme)
	}
	title += inLangf(lang, "; %s point(s) spent buy %s", " ; %s point(s) dépensé(s) achètent %s", decimalIn(lang, l.Unit), useText(l.Use, l.PlusOnly, lang))
	lines := make([]string, 0, len(l.Accounts))
	for _, a := range l.Accounts {
		line := inLangf(lang, "%s has %s", "%s a %s", a.Holder, decimalIn(lang, a.Balance))
		if a.Opening != "0" {
			line += inLangf(lang, " (%s carried over)", " (dont %s reportés)", decimalIn(lang, a.Opening))
		}
		switch a.Next {
		case 0:
			line += inLang(lang, [2]string{", nothing to spend at the next race.", ", rien à dépenser à la prochaine course."})
		case 1:
			line += inLang(lang, [2]string{", one use at the next race.", ", une utilisation à la prochaine course."})
		default:
			line += inLangf(lang, ", %d uses at the next race.", ", %d utilisations à la prochaine course.", a.Next)
		}
		lines = append(lines, line)
	}
	return title, lines
}

// decimalIn writes a decimal as lang does: 1.8 in English, 1,8 in French.
func decimalIn(lang, d string) string {
	if lang == "fr" {
		return strings.ReplaceAll(d, ".", ",")
	}
	return d
}
