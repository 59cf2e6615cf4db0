package bot

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// 25-A Team management between seasons (engine/league/market.go). During
// the season each pilot says what he asks of the market (transfer stay,
// transfer leave TEAM, TEAM, … / transfert reste, transfert part …; the
// list is used only if he leaves, a staying pilot's list of 10 only if
// the champion takes his seat); the game master registers the teams
// created for the next season (league create-team, before the
// penultimate event opens, 25-A.3). Once every event has its result, the
// game master's league transition runs the market with dice of the
// league's own seed, stores its outcome in the season and opens the next
// one: the same rules, variants and points, the teams not bankrupt and
// the created ones, every placed pilot entered in his new team, the
// champion first (No. 1, LF-03). Newcomers registered for the market
// (transfer new, league newcomer) roll for a seat last (25-A.1). At
// mid-season (25-A.5) a No. 1 without more points than his
// No. 2 becomes No. 2 when the event's result is recorded.

// marketWish is what a pilot asks of the market (25-A.1).
type marketWish struct {
	Leave bool     `json:"leave,omitempty"`
	Teams []string `json:"teams,omitempty"`
}

// newcomer is a pilot new to the league registered for the next season's
// market (25-A.1: "whether they choose to leave, are fired or are new to
// Formula Dé, pilots roll dice to find a seat"): placed last, in
// registration order, by dice on his list of 10 teams (3 of this season,
// 3 created), or without one in a team with a free seat by the d20s.
type newcomer struct {
	Player string   `json:"player"` // player id
	Pilot  string   `json:"pilot"`
	Teams  []string `json:"teams,omitempty"`
}

// registerNewcomer registers player p as a newcomer to doc's market under
// pilot ("" his latest pilot, else his name) with his list of teams;
// registering again replaces his list. It returns the pilot's name.
func (doc *leagueDoc) registerNewcomer(leagues []storedLeague, p persistence.Player, pilot string, names []string) (newcomer, error) {
	if _, _, ok, err := marketSettings(doc.Variants); err != nil || !ok {
		if err != nil {
			return newcomer{}, err
		}
		return newcomer{}, refusef("%s does not play 25-A (team management between seasons)", "%s ne joue pas la variante 25-A (gestion d'écurie)", doc.Name)
	}
	if doc.Transition != nil {
		return newcomer{}, refusef("the market of %s has run", "le marché de %s a eu lieu", doc.Name)
	}
	if e := doc.entryOf(p.ID); e != nil {
		return newcomer{}, refusef("%s races this season as %s: his wish goes to the market with transfer, he is no newcomer", "%s court cette saison sous le nom de %s : son souhait va au marché par transfert, il n'est pas nouveau", p.Name, e.Pilot)
	}
	pilot = strings.TrimSpace(pilot)
	if last, had := lastPersona(leagues, p.ID); pilot == "" && had {
		pilot = last.Pilot
	} else if pilot == "" {
		pilot = p.Name
	}
	if err := othersPilot(leagues, p.ID, pilot); err != nil {
		return newcomer{}, err
	}
	teams := doc.marketTeams(doc.standings())
	var list []string
	for _, n := range names {
		t := teamNamed(teams, n)
		if t == "" {
			return newcomer{}, refusef("no team %s on the market", "pas d'écurie %s sur le marché", n)
		}
		list = append(list, t)
	}
	rule, _ := league.ListFor(league.FateNew)
	if len(list) > 0 && league.CheckList(rule, list, teams) != nil {
		return newcomer{}, refusef("a newcomer's list names %d different teams of the market, at least %d of this season and %d created ones; without a list he takes a free seat by the d20s",
			"la liste d'un nouveau nomme %d écuries différentes du marché, dont au moins %d de cette saison et %d créées ; sans liste il prend un volant libre aux d20",
			rule.Size, rule.Current, rule.Created)
	}
	n := newcomer{Player: p.ID, Pilot: pilot, Teams: list}
	for k, o := range doc.Newcomers {
		if o.Player == p.ID {
			doc.Newcomers[k] = n
			return n, nil
		}
		if normName(o.Pilot) == normName(pilot) {
			return newcomer{}, refusef("a newcomer named %s is registered already", "un nouveau nommé %s est déjà inscrit", pilot)
		}
	}
	doc.Newcomers = append(doc.Newcomers, n)
	return n, nil
}

// newcomerReply answers a newcomer's registration in lang.
func newcomerReply(pilot string, teams []string, lang string) string {
	if len(teams) == 0 {
		return inLangf(lang, "%s is registered for the next season's market as a newcomer, without a list: a team with a free seat by the d20s.",
			"%s est inscrit au marché de la saison prochaine comme nouveau, sans liste : une écurie avec un volant libre aux d20.", pilot)
	}
	return inLangf(lang, "%s is registered for the next season's market as a newcomer; his list: %s.", "%s est inscrit au marché de la saison prochaine comme nouveau ; sa liste : %s.", pilot, strings.Join(teams, ", "))
}

// RegisterNewcomer registers player (a terminal player's name, created
// when unknown) as a newcomer to the next season's market (25-A.1): the
// game master's league newcomer. It returns the reply.
func (s *Service) RegisterNewcomer(ctx context.Context, name, player, pilot string, teams []string) (string, error) {
	var reply string
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		p, err := s.playerByName(tx, player)
		if err != nil {
			return err
		}
		leagues, err := leaguesByAge(tx)
		if err != nil {
			return err
		}
		n, err := doc.registerNewcomer(leagues, p, pilot, teams)
		if err != nil {
			return err
		}
		reply = newcomerReply(n.Pilot, n.Teams, "en")
		return nil
	})
	return reply, err
}

// marketSettings are the league's 25-A parameters; ok false when it does
// not play it.
func marketSettings(variants []string) (rules league.MarketRules, suppliers []string, ok bool, err error) {
	for _, spec := range variants {
		v, p, perr := fd.ParseVariantSpec(spec)
		if perr != nil || v.ID != "25-A" {
			continue
		}
		rules = league.DefaultMarketRules
		for key, at := range map[string]*int{"leave_points": &rules.LeavePoints, "stay_roll_points": &rules.StayRollPoints, "bankruptcy_points": &rules.Bankruptcy} {
			n, cerr := strconv.Atoi(p[key])
			if cerr != nil || n < 0 || n > 10000 {
				return rules, nil, true, refusef("variant 25-A: %s %q is not a number of points from 0 to 10000", "variante 25-A : %s %q n'est pas un nombre de points de 0 à 10000", key, p[key])
			}
			*at = n
		}
		if rules.StayRollPoints > rules.LeavePoints {
			return rules, nil, true, refusef("variant 25-A: stay_roll_points %d is above leave_points %d", "variante 25-A : stay_roll_points %d dépasse leave_points %d", rules.StayRollPoints, rules.LeavePoints)
		}
		for _, s := range strings.Split(p["suppliers"], "/") {
			if s = strings.TrimSpace(s); s != "" {
				suppliers = append(suppliers, s)
			}
		}
		return rules, suppliers, true, nil
	}
	return rules, nil, false, nil
}

// marketTeams are the teams of the market: the season's own (in entry
// order) with their points, then the created ones.
func (doc *leagueDoc) marketTeams(standings league.Standings) []league.MarketTeam {
	points := map[string]league.Points{}
	for _, r := range standings.Teams {
		points[r.Name] = r.Points
	}
	var out []league.MarketTeam
	for _, e := range doc.Entries {
		if e.Team != "" && !slices.ContainsFunc(out, func(t league.MarketTeam) bool { return t.Name == e.Team }) {
			out = append(out, league.MarketTeam{Name: e.Team, Points: points[e.Team], Current: true, Supplier: doc.Suppliers[e.Team]})
		}
	}
	for _, t := range doc.CreatedTeams {
		out = append(out, league.MarketTeam{Name: t, Supplier: doc.Suppliers[t]})
	}
	return out
}

// teamNamed is a market team's name as registered, "" when none.
func teamNamed(teams []league.MarketTeam, name string) string {
	for _, t := range teams {
		if normName(t.Name) == normName(name) {
			return t.Name
		}
	}
	return ""
}

// declareTransfer stores e's wish, refusing a list that names an unknown
// team or breaks 25-A.1 for the fate his points give him today.
func (doc *leagueDoc) declareTransfer(e *leagueEntry, leave bool, names []string) (string, error) {
	rules, _, ok, err := marketSettings(doc.Variants)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", refusef("%s does not play 25-A (team management between seasons)", "%s ne joue pas la variante 25-A (gestion d'écurie)", doc.Name)
	}
	if doc.Transition != nil {
		return "", refusef("the market of %s has run", "le marché de %s a eu lieu", doc.Name)
	}
	standings := doc.standings()
	teams := doc.marketTeams(standings)
	var list []string
	for _, n := range names {
		t := teamNamed(teams, n)
		if t == "" {
			return "", refusef("no team %s on the market", "pas d'écurie %s sur le marché", n)
		}
		list = append(list, t)
	}
	var points league.Points
	for _, r := range standings.Drivers {
		if r.Name == e.Pilot {
			points = r.Points
		}
	}
	fate := league.FateLeaves
	switch {
	case points >= league.Points(rules.LeavePoints):
		fate = league.FateFree
	case points < league.Points(rules.StayRollPoints):
		fate = league.FateFired
	}
	if leave { // the list he moves with, if he moves
		rule, _ := league.ListFor(fate)
		// a free pilot may name one team: the champion joins it (25-A.1)
		if err := league.CheckList(rule, list, teams); err != nil && !(len(list) == 1 && fate == league.FateFree) {
			return "", refusef("with %v points your list names %d different teams of the market, at least %d of this season and %d created ones",
				"avec %v points votre liste nomme %d écuries différentes du marché, dont au moins %d de cette saison et %d créées",
				points, rule.Size, rule.Current, rule.Created)
		}
	} else if rule, _ := league.ListFor(league.FateOusted); len(list) > 0 && league.CheckList(rule, list, teams) != nil {
		// staying, his list should the champion take his seat (25-A.1)
		return "", refusef("should the champion take your seat you join the pool with a list of %d different teams of the market, at least %d of this season and %d created ones (25-A.1)",
			"si le champion prend votre place vous rejoignez les candidats avec une liste de %d écuries différentes du marché, dont au moins %d de cette saison et %d créées (25-A.1)",
			rule.Size, rule.Current, rule.Created)
	}
	if doc.Market == nil {
		doc.Market = map[string]marketWish{}
	}
	doc.Market[e.Pilot] = marketWish{Leave: leave, Teams: list}
	return e.Pilot, nil
}

// teamList reads "Red, Blue Arrows, Gold": names separated by commas.
func teamList(s string) []string {
	var out []string
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// DeclareTransfer stores pilot's wish for the market (the game master's
// league transfer) and returns the reply.
func (s *Service) DeclareTransfer(ctx context.Context, name, pilot string, leave bool, teams []string) (string, error) {
	var reply string
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		e, err := doc.entry(tx, pilot)
		if err != nil {
			return err
		}
		got, err := doc.declareTransfer(e, leave, teams)
		if err != nil {
			return err
		}
		reply = transferReply(got, leave, doc.Market[got].Teams, "en")
		return nil
	})
	return reply, err
}

// transferReply answers a wish.
func transferReply(pilot string, leave bool, teams []string, lang string) string {
	if !leave && len(teams) > 0 {
		return inLangf(lang, "%s asks to stay in his team next season; should the champion take his seat, his list: %s.", "%s demande à rester dans son écurie la saison prochaine ; si le champion prend sa place, sa liste : %s.", pilot, strings.Join(teams, ", "))
	}
	if !leave {
		return inLangf(lang, "%s asks to stay in his team next season.", "%s demande à rester dans son écurie la saison prochaine.", pilot)
	}
	return inLangf(lang, "%s asks to leave; his list: %s.", "%s demande à partir ; sa liste : %s.", pilot, strings.Join(teams, ", "))
}

// CreateTeam registers a team created for the next season (25-A.3),
// refused once the penultimate event has opened.
func (s *Service) CreateTeam(ctx context.Context, name, team string) (string, error) {
	team = strings.TrimSpace(team)
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		if _, _, ok, err := marketSettings(doc.Variants); err != nil || !ok {
			if err != nil {
				return err
			}
			return refusef("%s does not play 25-A (team management between seasons)", "%s ne joue pas la variante 25-A (gestion d'écurie)", doc.Name)
		}
		if team == "" || len([]rune(team)) > 40 {
			return refusef("a team needs a name of 1 to 40 characters", "une écurie a besoin d'un nom de 1 à 40 caractères")
		}
		if n := len(doc.Events); n >= 2 && doc.Events[n-2].Game != "" {
			return refusef("the penultimate event has opened: teams are created before it (25-A.3)", "l'avant-dernière manche est ouverte : les écuries se créent avant elle (25-A.3)")
		}
		if teamNamed(doc.marketTeams(league.Standings{}), team) != "" {
			return refusef("a team %s exists already", "l'écurie %s existe déjà", team)
		}
		doc.CreatedTeams = append(doc.CreatedTeams, team)
		return nil
	})
	return team, err
}

// singlePilotTeams refuses, with a sentence, an entry list in which more
// than one team has a single pilot (25-A.3: "if, and only if, the number
// of pilots is odd, one team may exceptionally run the championship with
// a single pilot"; with two seats a team, one single-pilot team at most
// is that rule). Under 25-A the season's first event waits for such a
// list, and once it has opened an entry that breaks it is refused.
func (doc *leagueDoc) singlePilotTeams() error {
	if _, _, ok, _ := marketSettings(doc.Variants); !ok {
		return nil
	}
	pilots := map[string]int{}
	var teams []string
	for _, e := range doc.Entries {
		if e.Team == "" || e.Banned {
			continue
		}
		if pilots[e.Team] == 0 {
			teams = append(teams, e.Team)
		}
		pilots[e.Team]++
	}
	single := slices.DeleteFunc(teams, func(t string) bool { return pilots[t] != 1 })
	if len(single) > 1 {
		return refusef("%s have a single pilot each: only one team may, when the pilots are odd (25-A.3)", "%s n'ont qu'un pilote chacune : une seule écurie le peut, quand les pilotes sont en nombre impair (25-A.3)", strings.Join(single, ", "))
	}
	return nil
}

// swapAtMidSeason is 25-A.5, called when event i's result is recorded:
// after the mid-season GP each team whose No. 1 has no more points than
// its No. 2 swaps their seats; car numbers stay.
func (doc *leagueDoc) swapAtMidSeason(i int) {
	if _, _, ok, _ := marketSettings(doc.Variants); !ok || i+1 != (len(doc.Events)+1)/2 {
		return
	}
	first, second := map[string]string{}, map[string]string{}
	for _, e := range doc.Entries {
		switch e.Seat {
		case 1:
			first[e.Team] = e.Pilot
		case 2:
			second[e.Team] = e.Pilot
		}
	}
	points := map[string]league.Points{}
	for _, r := range doc.standings().Drivers {
		points[r.Name] = r.Points
	}
	for _, team := range league.MidSeasonSwap(first, second, points) {
		for k := range doc.Entries {
			if e := &doc.Entries[k]; e.Team == team && e.Seat > 0 {
				e.Seat = 3 - e.Seat
			}
		}
		doc.Swapped = append(doc.Swapped, team)
	}
}

// runMarket plays the market of a season that is over.
func (doc *leagueDoc) runMarket(id string) (league.MarketOutcome, error) {
	rules, suppliers, _, err := marketSettings(doc.Variants)
	if err != nil {
		return league.MarketOutcome{}, err
	}
	standings := doc.standings()
	champion, championTeam := "", ""
	if len(standings.Drivers) > 0 && standings.Drivers[0].Points > 0 {
		champion = standings.Drivers[0].Name
	}
	if len(standings.Teams) > 0 && standings.Teams[0].Points > 0 {
		championTeam = standings.Teams[0].Name
	}
	points, raced := map[string]league.Points{}, map[string]bool{}
	for _, r := range standings.Drivers {
		points[r.Name], raced[r.Name] = r.Points, true
	}
	var pilots []league.MarketPilot
	for _, e := range doc.Entries {
		if e.Banned {
			continue // 7-A: out of the championship for good
		}
		w := doc.Market[e.Pilot]
		pilots = append(pilots, league.MarketPilot{Pilot: e.Pilot, Team: e.Team, Points: points[e.Pilot], Raced: raced[e.Pilot], Leave: w.Leave, Teams: w.Teams})
	}
	for _, n := range doc.Newcomers { // last, in registration order (25-A.1)
		pilots = append(pilots, league.MarketPilot{Pilot: n.Pilot, Teams: n.Teams})
	}
	src := dice.NewSeeded(fd.SeedFrom(eventSeed(doc.Secret, id, -1)))
	return league.RunMarket(rules, champion, championTeam, pilots, doc.marketTeams(standings), suppliers, src, "market:"+id)
}

// Transition runs the market of a league whose season is over and opens
// the next season as league next (created, its pilots entered). Run again
// after a failure, it finishes what is left. It returns the outcome in
// sentences.
func (s *Service) Transition(ctx context.Context, name, next string) (string, error) {
	var doc *leagueDoc
	var id string
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, d *leagueDoc) error {
		row, _, _ := findLeague(tx, name)
		id, doc = row.ID, d
		if _, _, ok, err := marketSettings(d.Variants); err != nil || !ok {
			if err != nil {
				return err
			}
			return refusef("%s does not play 25-A (team management between seasons)", "%s ne joue pas la variante 25-A (gestion d'écurie)", d.Name)
		}
		if d.Transition != nil {
			if d.NextSeason != LeagueID(next) {
				return refusef("the market has run; the next season is %s", "le marché a eu lieu ; la saison suivante est %s", d.NextSeason)
			}
			return nil
		}
		if len(d.Events) == 0 || len(d.results()) < len(d.Events) {
			return refusef("the season is not over: the market runs once every event has its result", "la saison n'est pas finie : le marché a lieu quand toutes les manches ont leur résultat")
		}
		if LeagueID(next) == "" || LeagueID(next) == row.ID {
			return refusef("the next season needs a name of its own", "la saison suivante a besoin de son propre nom")
		}
		out, err := d.runMarket(row.ID)
		if err != nil {
			return err
		}
		d.Transition, d.NextSeason = &out, LeagueID(next)
		return nil
	})
	if err != nil {
		return "", err
	}
	if err := s.openNextSeason(ctx, id, doc, next); err != nil {
		return "", err
	}
	return transitionText(doc, "en"), nil
}

// openNextSeason creates the next season of doc (if not done yet) and
// enters its placed pilots, the champion first.
func (s *Service) openNextSeason(ctx context.Context, id string, doc *leagueDoc, next string) error {
	var master persistence.Identity
	players := map[string]string{} // pilot → player id
	exists := false
	if err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		if p, err := tx.Player(doc.Master); err == nil && len(p.Identities) > 0 {
			master = p.Identities[0]
		}
		for _, e := range doc.Entries {
			players[e.Pilot] = e.Player
		}
		for _, n := range doc.Newcomers {
			players[n.Pilot] = n.Player
		}
		_, err := tx.League(LeagueID(next))
		exists = err == nil
		if errors.Is(err, persistence.ErrNotFound) {
			err = nil
		}
		return err
	}); err != nil {
		return err
	}
	if !exists {
		points := make([]string, len(doc.Points))
		for i, p := range doc.Points {
			points[i] = strconv.Itoa(p)
		}
		if _, err := s.CreateLeague(ctx, LeagueRequest{Name: next, Rules: doc.Rules, Variants: doc.Variants, Points: strings.Join(points, ","), Lang: doc.Lang,
			Master: master, Channels: doc.Channels, Deadline: time.Duration(doc.Deadline) * time.Minute, QualifyingDeadline: time.Duration(doc.QualifyingDeadline) * time.Minute}); err != nil {
			return err
		}
	}
	suppliers := map[string]string{}
	for _, c := range doc.Transition.Suppliers {
		suppliers[c.Team] = c.To
	}
	return s.changeLeague(ctx, next, func(tx persistence.Tx, nd *leagueDoc) error {
		if len(nd.Entries) > 0 {
			return nil // entered already
		}
		nd.Suppliers = suppliers
		placed := slices.Clone(doc.Transition.Placements)
		slices.SortStableFunc(placed, func(a, b league.Placement) int { return boolRank(b.First) - boolRank(a.First) })
		for _, pl := range placed {
			if pl.To == "" {
				continue
			}
			p, err := tx.Player(players[pl.Pilot])
			if err != nil {
				return err
			}
			req := EnterRequest{Player: p.Name, Team: pl.To, Pilot: pl.Pilot}
			if len(p.Identities) > 0 {
				req.Identity = p.Identities[0] // the player himself, whatever his transport
			}
			if err := s.enterDoc(tx, nd, req); err != nil {
				return err
			}
		}
		return nil
	})
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// transitionText says a season's market in lang.
func transitionText(doc *leagueDoc, lang string) string {
	out := doc.Transition
	var b strings.Builder
	b.WriteString(inLangf(lang, "The market of %s opens %s.\n", "Le marché de %s ouvre %s.\n", doc.Name, doc.NextSeason))
	for _, t := range out.Bankrupt {
		b.WriteString(inLangf(lang, "%s goes bankrupt and sits out the next season.\n", "%s dépose le bilan et ne court pas la saison prochaine.\n", t))
	}
	for _, c := range out.Suppliers {
		switch {
		case c.From == "":
			b.WriteString(inLangf(lang, "%s draws its engine supplier: %s.\n", "%s tire son motoriste : %s.\n", c.Team, c.To))
		case c.To != c.From:
			b.WriteString(inLangf(lang, "%s rolls %d: %s leaves, its engines come from %s.\n", "%s fait %d : %s s'en va, ses moteurs viennent de %s.\n", c.Team, c.Roll, c.From, c.To))
		default:
			b.WriteString(inLangf(lang, "%s rolls %d and keeps %s.\n", "%s fait %d et garde %s.\n", c.Team, c.Roll, c.To))
		}
	}
	for _, pl := range out.Placements {
		b.WriteString(placementSentence(pl, lang))
	}
	return b.String()
}

// placementSentence says what the market did with one pilot.
func placementSentence(pl league.Placement, lang string) string {
	why := ""
	switch pl.Fate {
	case league.FateChampion:
		why = inLang(lang, [2]string{"the champion", "le champion"})
	case league.FateFree:
		why = inLang(lang, [2]string{"free to choose", "libre de choisir"})
	case league.FateStays:
		why = inLangf(lang, "rolled %d", "a fait %d", pl.Roll)
	case league.FateLeaves:
		why = inLangf(lang, "rolled %d and leaves", "a fait %d et part", pl.Roll)
	case league.FateFired:
		why = inLang(lang, [2]string{"fired", "licencié"})
	case league.FateOusted:
		why = inLang(lang, [2]string{"his seat taken by the champion", "sa place prise par le champion"})
	case league.FateNew:
		why = inLang(lang, [2]string{"new", "nouveau"})
	}
	switch {
	case pl.To == "":
		return inLangf(lang, "%s (%s) finds no seat.\n", "%s (%s) ne trouve pas de volant.\n", pl.Pilot, why)
	case pl.To == pl.From && pl.First:
		return inLangf(lang, "%s (%s) stays with %s, as No. 1.\n", "%s (%s) reste chez %s, en No 1.\n", pl.Pilot, why, pl.To)
	case pl.To == pl.From:
		return inLangf(lang, "%s (%s) stays with %s.\n", "%s (%s) reste chez %s.\n", pl.Pilot, why, pl.To)
	case pl.First:
		return inLangf(lang, "%s (%s) joins %s as No. 1.\n", "%s (%s) rejoint %s en No 1.\n", pl.Pilot, why, pl.To)
	}
	return inLangf(lang, "%s (%s) joins %s.\n", "%s (%s) rejoint %s.\n", pl.Pilot, why, pl.To)
}
