package bot

import (
	"context"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
)

// 1-D Qualifying kitty (engine/fd/variants/1d.go): each pilot has
// per_circuit × the season's races points to bid; before each event opens
// he bids on it (bid N / miser N; the game master with league bid), the
// bid sealed until the event opens at its date, when the bids are
// revealed, deducted and given to the game, which builds the grid from
// them. A missing bid is 0; unspent points end with the season (AMB-07).

// KittyAccount is a pilot's kitty after the events opened.
type KittyAccount struct {
	Pilot string `json:"pilot"`
	Total int    `json:"total"`
	Left  int    `json:"left"`
	// Bids: the revealed bids, one per event opened, in calendar order.
	Bids []RevealedBid `json:"bids"`
}

// RevealedBid is a bid of an opened event.
type RevealedBid struct {
	Round int    `json:"round"` // from 1
	Track string `json:"track"`
	Bid   int    `json:"bid"`
}

// kittyPerCircuit is 1-D's points a circuit, 0 when the league does not
// play it.
func (doc *leagueDoc) kittyPerCircuit() int {
	for _, spec := range doc.Variants {
		if v, p, err := fd.ParseVariantSpec(spec); err == nil && v.ID == "1-D" {
			n, _ := strconv.Atoi(p["per_circuit"])
			return n
		}
	}
	return 0
}

// kittyUpfront says the league plays 1-D with allocation=upfront
// (kitty_allocation = UPFRONT): each pilot's whole split before GP1.
func (doc *leagueDoc) kittyUpfront() bool {
	for _, spec := range doc.Variants {
		if v, p, err := fd.ParseVariantSpec(spec); err == nil && v.ID == "1-D" {
			return p["allocation"] == "upfront"
		}
	}
	return false
}

// placeSplit seals pilot's whole split (1-D allocation=upfront): one bid
// per event of the calendar, in order, "120/0/80", before the first event
// opens; it refuses with a sentence a split of the wrong length, a part
// that is not a whole number from 0, a sum beyond the kitty.
func (doc *leagueDoc) placeSplit(pilot, split string) error {
	if doc.kittyPerCircuit() == 0 {
		return refusef("%s does not play 1-D (the qualifying kitty)", "%s ne joue pas la variante 1-D (cagnotte essais)", doc.Name)
	}
	if !doc.kittyUpfront() {
		return refusef("%s takes one sealed bid before each race (bid N), not a split up front", "%s prend une mise sous pli avant chaque course (miser N), pas une répartition d'avance", doc.Name)
	}
	if len(doc.Events) > 0 && doc.Events[0].Game != "" {
		return refusef("the season has started: the split is sent before GP1", "la saison a commencé : la répartition s'envoie avant le GP 1")
	}
	parts := strings.Split(split, "/")
	if len(parts) != len(doc.Events) {
		return refusef("a split of %d bids, one a race of the calendar in order (e.g. 120/0/80), not %d", "une répartition de %d mises, une par course du calendrier dans l'ordre (par exemple 120/0/80), pas %d", len(doc.Events), len(parts))
	}
	bids, sum := make([]int, len(parts)), 0
	for i, f := range parts {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || strings.ContainsAny(f, "+-") {
			return refusef("bid %d of the split, %q, is not a whole number from 0", "la mise %d de la répartition, %q, n'est pas un nombre entier à partir de 0", i+1, f)
		}
		bids[i], sum = n, sum+n
	}
	if total := doc.kittyPerCircuit() * len(doc.Events); sum > total {
		return refusef("the split sums to %d, more than the %d points of the kitty", "la répartition fait %d, plus que les %d points de la cagnotte", sum, total)
	}
	for i := range doc.Events {
		if doc.Events[i].Bids == nil {
			doc.Events[i].Bids = map[string]int{}
		}
		doc.Events[i].Bids[pilot] = bids[i]
	}
	return nil
}

// splitReply answers a sealed split.
func (doc *leagueDoc) splitReply(pilot, split string, lang string) string {
	return inLangf(lang, "%s's split of the kitty, %s over the %d races, is sealed; each bid is revealed when its event opens.",
		"La répartition de la cagnotte de %s, %s sur les %d courses, est sous pli ; chaque mise est révélée à l'ouverture de sa manche.", pilot, split, len(doc.Events))
}

// PlaceSplit seals pilot's whole split (1-D allocation=upfront, the game
// master's league bid with a split) and returns the reply.
func (s *Service) PlaceSplit(ctx context.Context, name, pilot, split string) (string, error) {
	var reply string
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		e, err := doc.entry(tx, pilot)
		if err != nil {
			return err
		}
		if err := doc.placeSplit(e.Pilot, split); err != nil {
			return err
		}
		reply = doc.splitReply(e.Pilot, split, "en")
		return nil
	})
	return reply, err
}

// kittyLeft is what pilot may still bid: the season's kitty less the bids
// of the events opened.
func (doc *leagueDoc) kittyLeft(pilot string) int {
	left := doc.kittyPerCircuit() * len(doc.Events)
	for _, ev := range doc.Events {
		if ev.Game != "" {
			left -= ev.Bids[pilot]
		}
	}
	return left
}

// placeBid seals pilot's bid on the next event not opened and returns its
// index (from 0).
func (doc *leagueDoc) placeBid(pilot string, amount int) (int, error) {
	if doc.kittyPerCircuit() == 0 {
		return 0, refusef("%s does not play 1-D (the qualifying kitty)", "%s ne joue pas la variante 1-D (cagnotte essais)", doc.Name)
	}
	if doc.kittyUpfront() {
		return 0, refusef("%s allocates the kitty up front: send your whole split before GP1, one bid a race (e.g. bid 120/0/80)", "%s répartit la cagnotte d'avance : envoyez toute votre répartition avant le GP 1, une mise par course (par exemple miser 120/0/80)", doc.Name)
	}
	next := -1
	for i, ev := range doc.Events {
		if ev.Game == "" {
			next = i
			break
		}
	}
	if next < 0 {
		return 0, refusef("every event has opened: nothing left to bid on", "toutes les manches sont ouvertes : plus rien à miser")
	}
	if left := doc.kittyLeft(pilot); amount < 0 || amount > left {
		return 0, refusef("a bid from 0 to the %d points left in your kitty", "une mise de 0 aux %d points qui restent dans votre cagnotte", left)
	}
	ev := &doc.Events[next]
	if ev.Bids == nil {
		ev.Bids = map[string]int{}
	}
	ev.Bids[pilot] = amount
	return next, nil
}

// bidReply answers a sealed bid.
func (doc *leagueDoc) bidReply(pilot string, amount, i int, lang string) string {
	return inLangf(lang, "%s bids %d on round %d (%s), sealed until the event opens; %d left in the kitty after it.",
		"%s mise %d sur la manche %d (%s), sous pli jusqu'à l'ouverture ; il restera %d dans la cagnotte.",
		pilot, amount, i+1, doc.Events[i].Track, doc.kittyLeft(pilot)-amount)
}

// PlaceBid seals pilot's bid on the league's next event (the game
// master's league bid) and returns the reply.
func (s *Service) PlaceBid(ctx context.Context, name, pilot string, amount int) (string, error) {
	var reply string
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		e, err := doc.entry(tx, pilot)
		if err != nil {
			return err
		}
		i, err := doc.placeBid(e.Pilot, amount)
		if err != nil {
			return err
		}
		reply = doc.bidReply(e.Pilot, amount, i, "en")
		return nil
	})
	return reply, err
}

// kittyBids is 1-D's bids parameter of event round (from 0): each car's
// pilot's bid, car 1 first (a substitute, who has no kitty here, 0).
func (doc *leagueDoc) kittyBids(cars []eventCar, round int) string {
	bids := make([]string, len(cars))
	for i, c := range cars {
		bids[i] = strconv.Itoa(doc.Events[round].Bids[c.Pilot])
	}
	return strings.Join(bids, "/")
}

// kittyAccounts are the entered pilots' kitties, with the bids revealed.
func (doc *leagueDoc) kittyAccounts() []KittyAccount {
	per := doc.kittyPerCircuit()
	if per == 0 {
		return nil
	}
	var out []KittyAccount
	for _, e := range doc.Entries {
		a := KittyAccount{Pilot: e.Pilot, Total: per * len(doc.Events), Left: doc.kittyLeft(e.Pilot), Bids: []RevealedBid{}}
		for i, ev := range doc.Events {
			if ev.Game != "" {
				a.Bids = append(a.Bids, RevealedBid{Round: i + 1, Track: ev.Track, Bid: ev.Bids[e.Pilot]})
			}
		}
		out = append(out, a)
	}
	return out
}

// kittyParagraph says the kitties in lang.
func kittyParagraph(accounts []KittyAccount, lang string) []WebParagraph {
	if len(accounts) == 0 {
		return nil
	}
	p := WebParagraph{Title: inLang(lang, [2]string{"Qualifying kitty (1-D), the grid by the bids, highest on pole", "Cagnotte essais (1-D), la grille selon les mises, la plus haute en pole"})}
	for _, a := range accounts {
		line := inLangf(lang, "%s has %d of %d left", "%s a encore %d sur %d", a.Pilot, a.Left, a.Total)
		var bids []string
		for _, b := range a.Bids {
			bids = append(bids, inLangf(lang, "%d at round %d", "%d à la manche %d", b.Bid, b.Round))
		}
		if len(bids) > 0 {
			line += inLangf(lang, " (bids: %s)", " (mises : %s)", strings.Join(bids, ", "))
		}
		p.Lines = append(p.Lines, line+".")
	}
	return []WebParagraph{p}
}
