package bot

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd/variants"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
	"github.com/pitwall/pitwall/tracks"
)

// AX-5 as a league side event (LF-51, league AMB-58), with an injected
// clock: at its date the five entered pilots make a bracket of three
// rounds (byes to seeds 1–3), each match on a circuit of its round's pool
// (the quarter-finals medium, then long); each heat a game of the two
// pilots under AX-5 alone, the pole-sitter car 1, the pole alternating;
// the autopilot plays every heat to the champion; the standings say the
// bracket in English and French and in JSON. Refused: a league without
// AX-5, a missing pool, an unknown track. Fixed seeds.
func TestBlitzSideEvent(t *testing.T) {
	now := time.Date(2020, 1, 1, 12, 0, 0, 0, time.UTC)
	svc, store := newMemoryServiceAt(t, &now)
	ctx := context.Background()
	date := time.Date(2020, 1, 1, 20, 0, 0, 0, time.UTC)
	short, medium, long := []string{"oval"}, []string{"test-oval"}, []string{"test-oval"}

	plain := newSeason(t, svc, "No Blitz", "21-A")
	_, err := svc.AddBlitz(ctx, plain, date, short, medium, long, 2)
	assert.ErrorContains(t, err, "does not play AX-5")

	id := newSeason(t, svc, "Blitz", "AX-5:time_bank=2h")
	require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: seasonPilots[4].player, Team: seasonPilots[4].team}))
	_, err = svc.AddBlitz(ctx, id, date, short, nil, long, 2)
	assert.ErrorContains(t, err, "needs its medium circuits")
	_, err = svc.AddBlitz(ctx, id, date, short, []string{"nowhere"}, long, 2)
	assert.Error(t, err)
	n, err := svc.AddBlitz(ctx, id, date, short, medium, long, 2)
	require.NoError(t, err)
	assert.Equal(t, 1, n)

	var doc *leagueDoc
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	doc = readLeague(t, store, id)
	assert.Empty(t, doc.Blitzes[0].Rounds, "nothing before its date")
	now = date
	doc = playBlitzToChampion(t, svc, store, id, func(blitzEvent, int, blitzMatch) { now = now.Add(time.Minute) })
	b := doc.Blitzes[0]
	require.NotEmpty(t, b.champion(), "the Blitz reached its champion")
	var used int64
	for _, round := range b.Rounds {
		for _, m := range round {
			for _, h := range m.Games {
				for _, f := range h.Facts {
					used += f.Used
				}
			}
		}
	}
	assert.Positive(t, used, "the banks ran while the pilots decided (a minute a decision)")
	require.Len(t, b.Rounds, 3, "five pilots: three rounds")
	assert.Len(t, b.Rounds[0], 4)
	assert.Equal(t, []string{"", "", ""}, []string{b.Rounds[0][0].Match.B, b.Rounds[0][2].Match.B, b.Rounds[0][3].Match.B}, "seeds 1, 2 and 3 go through on a bye")
	games := map[string]bool{}
	for r, round := range b.Rounds {
		for _, m := range round {
			if m.Match.B == "" {
				assert.Empty(t, m.Games, "a bye plays no heat")
				continue
			}
			assert.Equal(t, "test-oval", m.Track, "round %d: a circuit of its pool", r+1)
			assert.GreaterOrEqual(t, len(m.Games), 2, "two heats at least")
			assert.Len(t, m.Match.Heats, len(m.Games))
			for k, h := range m.Games {
				games[h.Game] = true
				require.Len(t, h.Cars, 2)
				pole := m.Match.A
				if k%2 == 1 {
					pole = m.Match.B
				}
				assert.Equal(t, pole, h.Cars[0].Pilot, "heat %d: its pole-sitter is car 1", k+1)
				require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
					row, err := tx.Game(h.Game)
					require.NoError(t, err)
					meta, err := decodeMeta(row)
					require.NoError(t, err)
					want := "AX-5:time_bank=2h"
					if k >= 2 {
						want += ",start=symmetric" // a level match's third heat on
					}
					assert.Equal(t, []string{want}, meta.Variants)
					return nil
				}))
				w := league.BlitzHeatWinner(h.Facts[0], h.Facts[1])
				if w >= 0 {
					want := 0
					if h.Facts[w].Pilot == m.Match.B {
						want = 1
					}
					assert.Equal(t, want, m.Match.Heats[k], "the heat's winner by AMB-58's order")
				}
			}
			w, done := m.Match.Winner()
			require.True(t, done)
			a, bw := m.Match.Wins()
			assert.Greater(t, max(a, bw), min(a, bw), "the winner won more heats")
			if a > bw {
				assert.Equal(t, m.Match.A, w)
			} else {
				assert.Equal(t, m.Match.B, w)
			}
		}
	}

	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	require.Len(t, st.Blitz, 1)
	v := st.Blitz[0]
	assert.Equal(t, b.champion(), v.Champion)
	assert.Equal(t, []string{league.PoolMedium, league.PoolLong, league.PoolLong}, []string{v.Rounds[0].Pool, v.Rounds[1].Pool, v.Rounds[2].Pool})
	en, fr := st.Text("en"), st.Text("fr")
	assert.Contains(t, en, "FD Blitz 1 (AX-5), the knock-out bracket")
	assert.Contains(t, en, v.Champion+" wins the Blitz.")
	assert.Contains(t, en, "Round 1, on medium circuits:")
	assert.Contains(t, en, "goes through without a match (a bye).")
	assert.Contains(t, fr, "FD Blitz 1 (AX-5), le tableau à élimination directe")
	assert.Contains(t, fr, v.Champion+" remporte le Blitz.")
	assert.Contains(t, fr, "Tour 3, sur circuits longs :")
	assert.NotContains(t, en+fr, "=", "sentences, not key=value")
	raw, err := json.Marshal(st)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"blitz":[{"number":1,"champion":"`+v.Champion+`"`)
}

// AX-5's time bank in the service, with an injected clock: the pilot who
// answers at once keeps his bank; one who thinks longer than the bank
// has his car's time-out entered into the record before his order, and
// the car is frozen where it stands (eliminated, reason time), his order
// refused as the car is out. The status says each bank in English and
// French; the record verifies. Fixed seed.
func TestBlitzTimeBankInTheService(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	store := memory.New()
	svc := New(Options{Store: store, Now: func() time.Time { return now }})
	t.Cleanup(func() { svc.Close(); store.Close() })
	ctx := context.Background()
	_, err := svc.SetPlayer(ctx, PlayerSettings{Name: "Bob", Language: "fr"})
	require.NoError(t, err)
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Seats: []string{"Anna", "Bob"}, Seed: "blitz-bank", Variants: []string{"AX-5:time_bank=2h"}})
	require.NoError(t, err)

	var slow PendingView
	for range 400 {
		v, err := svc.Show(ctx, id)
		require.NoError(t, err)
		if len(v.Pending) > 0 && v.Pending[0].Decision == "gear" && v.Pending[0].Session == "" && v.Plays > 2 {
			slow = v.Pending[0]
			break
		}
		now = now.Add(time.Minute)
		_, err = svc.Autoplay(ctx, id, 1)
		require.NoError(t, err)
	}
	require.NotZero(t, slow.Car, "no race gear decision")
	status, err := svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "status"})
	require.NoError(t, err)
	if slow.Player == "anna" {
		assert.Regexp(t, `Car \d's time bank \(FD Blitz\): 1h\d\dm left of 2h`, status, "the bank, minus the minutes spent")
	}

	before := recordLen(t, store, id)
	now = now.Add(3 * time.Hour) // the pilot thinks too long
	_, err = svc.Handle(ctx, Request{Identity: cli(slow.Player), Game: id, Text: strings.ToLower(slow.Options[0])})
	require.NoError(t, err, "the order comes too late: the time-out is kept, the order dropped")
	var lines []string
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		evs, err := tx.Events(id, before, 0)
		for _, e := range evs {
			lines = append(lines, e.Line)
		}
		return err
	}))
	text := strings.Join(lines, "\n")
	car := strconv.Itoa(slow.Car)
	assert.Contains(t, text, "time-out car="+car+" bank=2h")
	assert.Contains(t, text, "eliminated car="+car+` cause="frozen where it stands, its time bank of 2h spent" reason=time`)
	assert.NotContains(t, text, "order car="+car, "no order after the time-out")

	var msgs []string
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		ms, err := tx.Pending(now.Add(time.Hour), 1000)
		for _, m := range ms {
			msgs = append(msgs, m.Text)
		}
		return err
	}))
	all := strings.Join(msgs, "\n")
	assert.Contains(t, all, "has spent its time bank (2h): frozen where it stands")
	assert.Contains(t, all, "a épuisé sa réserve de temps (2h) : figée où elle est")
	_, err = svc.Verify(ctx, id)
	require.NoError(t, err, "the record with its time-out verifies")
}

// AX-5 (LF-51): a pilot banned from the league once the bracket is drawn
// loses his match by walkover when its next heat would open; the heat
// already running is played out. Fixed seeds.
func TestBlitzWalkover(t *testing.T) {
	store := memory.New()
	defer store.Close()
	svc := New(Options{Store: store, Random: fixedRandom})
	defer svc.Close()
	ctx := context.Background()
	date := time.Date(2020, 1, 1, 20, 0, 0, 0, time.UTC)
	id := newSeason(t, svc, "Blitz Walkover", "AX-5")
	_, err := svc.AddBlitz(ctx, id, date, []string{"test-oval"}, []string{"test-oval"}, []string{"test-oval"}, 2)
	require.NoError(t, err)
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	var doc *leagueDoc
	doc = readLeague(t, store, id)
	first := doc.Blitzes[0].Rounds[0][0].Match
	require.Equal(t, "Anna", first.A)
	banned := first.B
	require.NoError(t, svc.changeLeague(ctx, id, func(_ persistence.Tx, d *leagueDoc) error {
		for k := range d.Entries {
			if d.Entries[k].Pilot == banned {
				d.Entries[k].Banned = true
			}
		}
		return nil
	}))
	doc = playBlitzToChampion(t, svc, store, id, nil)
	b := doc.Blitzes[0]
	require.NotEmpty(t, b.champion())
	m := b.Rounds[0][0]
	assert.Equal(t, "Anna", m.Match.Walkover, "the banned pilot's opponent goes through")
	assert.Len(t, m.Games, 1, "the heat running when he was banned was played out, no other opened")
	for _, r := range b.Rounds[1:] {
		for _, f := range r {
			assert.NotEqual(t, banned, f.Match.A)
			assert.NotEqual(t, banned, f.Match.B)
		}
	}
	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, st.Text("en"), "Anna goes through: "+banned+" can no longer race (a walkover).")
	assert.Contains(t, st.Text("fr"), "Anna passe : "+banned+" ne peut plus courir (forfait).")
}

// AX-5 with blitz_players=3 ([DEC] in docs/rules): seven pilots make a
// bracket of two rounds of matches of three (seed 1 with seeds 6 and 7,
// the others two by two); a match of three plays a heat per pilot on
// pole, each game of its three cars in the rotated order, every heat's
// places recorded by the full AMB-58 order; the final of the three
// winners goes to its champion; the standings say it in English and
// French. Refused: 1 or 11 cars a heat. Fixed seeds.
func TestBlitzSideEventOfThree(t *testing.T) {
	store := memory.New()
	defer store.Close()
	svc := New(Options{Store: store, Random: fixedRandom})
	defer svc.Close()
	ctx := context.Background()
	date := time.Date(2020, 1, 1, 20, 0, 0, 0, time.UTC)
	id := newSeason(t, svc, "Blitz of Three", "AX-5")
	for _, p := range seasonPilots[4:7] {
		require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p.player, Team: p.team}))
	}
	pools := []string{"test-oval"}
	for _, bad := range []int{1, 11} {
		_, err := svc.AddBlitz(ctx, id, date, pools, pools, pools, bad)
		assert.ErrorContains(t, err, "a Blitz heat races from 2 to 10 cars (--players), not "+strconv.Itoa(bad))
	}
	_, err := svc.AddBlitz(ctx, id, date, pools, pools, pools, 3)
	require.NoError(t, err)
	var doc *leagueDoc
	doc = playBlitzToChampion(t, svc, store, id, nil)
	b := doc.Blitzes[0]
	require.NotEmpty(t, b.champion(), "the Blitz reached its champion")
	require.Len(t, b.Rounds, 2, "seven pilots in matches of three: two rounds")
	first := b.Rounds[0]
	require.Len(t, first, 3)
	assert.Equal(t, []string{"Anna", "Finn", "Gus"}, first[0].Match.Pilots(), "seed 1 with seeds 6 and 7")
	assert.Equal(t, []string{"Bob", "Eve"}, first[1].Match.Pilots())
	final := b.Rounds[1][0]
	require.Len(t, final.Match.Pilots(), 3, "the three winners meet in the final")
	for _, m := range []blitzMatch{first[0], final} {
		pilots := m.Match.Pilots()
		require.GreaterOrEqual(t, len(m.Games), 3, "each pilot on pole once")
		require.Len(t, m.Match.Places, len(m.Games))
		for k, h := range m.Games {
			require.Len(t, h.Cars, 3)
			for j, c := range h.Cars {
				assert.Equal(t, pilots[(k+j)%3], c.Pilot, "heat %d: the pole goes round, the others behind in seed order", k+1)
			}
			order := league.BlitzHeatOrder(h.Facts)
			for j, f := range h.Facts {
				i := slices.Index(pilots, f.Pilot)
				assert.Equal(t, order[j], m.Match.Places[k][i], "heat %d: %s's place by AMB-58's full order", k+1, f.Pilot)
			}
			assert.Equal(t, league.BlitzHeatWinnerOf(m.Match.Places[k]), m.Match.Heats[k])
		}
		w, done := m.Match.Winner()
		require.True(t, done)
		wins := m.Match.HeatsWon()
		assert.Equal(t, slices.Max(wins), wins[slices.Index(pilots, w)], "the winner won the most heats")
	}
	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	en, fr := st.Text("en"), st.Text("fr")
	assert.Contains(t, en, b.champion()+" wins the match against ")
	assert.Contains(t, en, "; heats won: ")
	assert.Contains(t, fr, b.champion()+" gagne le match contre ")
	assert.Contains(t, fr, " ; manches gagnées : ")
	raw, err := json.Marshal(st)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"more":["`)
}

// AX-5's symmetric third heat (league AMB-58): Anna's first-round match is
// played to 1–1 (in its second heat the first heat's winner times out at
// once, the injected clock jumping past his bank at his first race
// decision, so the other wins it); the third heat opens with
// start=symmetric added to the league's AX-5 spec, its two cars side by
// side on the match circuit's symmetric squares, neither on pole, the
// inside drawn by the black die; played out, it is recorded and the
// bracket goes on to its champion. Fixed seeds.
func TestBlitzSymmetricThirdHeat(t *testing.T) {
	now := time.Date(2020, 1, 1, 12, 0, 0, 0, time.UTC)
	svc, store := newMemoryServiceAt(t, &now)
	ctx := context.Background()
	date := time.Date(2020, 1, 1, 20, 0, 0, 0, time.UTC)
	id := newSeason(t, svc, "Blitz Level", "AX-5:time_bank=2h")
	pools := []string{"test-oval"}
	_, err := svc.AddBlitz(ctx, id, date, pools, pools, pools, 2)
	require.NoError(t, err)
	now = date
	var doc *leagueDoc
	var third blitzHeat
	doc = playBlitzToChampion(t, svc, store, id, func(b blitzEvent, k int, m blitzMatch) {
		n := len(m.Games)
		now = now.Add(time.Minute)
		if len(b.Rounds) == 1 && k == 0 && n == 2 {
			// the second heat: the first heat's winner thinks too long
			require.GreaterOrEqual(t, m.Match.Heats[0], 0, "the first heat is won")
			first := m.Match.Pilots()[m.Match.Heats[0]]
			car := 1 + slices.IndexFunc(m.Games[1].Cars, func(c eventCar) bool { return c.Pilot == first })
			v, err := svc.Show(ctx, m.Games[n-1].Game)
			require.NoError(t, err)
			if len(v.Pending) > 0 && v.Pending[0].Car == car && v.Pending[0].Decision == "gear" && v.Pending[0].Session == "" {
				now = now.Add(3 * time.Hour)
			}
		}
		if len(b.Rounds) == 1 && k == 0 && n == 3 {
			third = m.Games[2]
		}
	})
	b := doc.Blitzes[0]
	require.NotEmpty(t, b.champion(), "the Blitz reached its champion")
	m := b.Rounds[0][0]
	require.Equal(t, "Anna", m.Match.A)
	require.GreaterOrEqual(t, len(m.Match.Heats), 3, "1–1 after two heats: a third")
	assert.Equal(t, 1, m.Match.Heats[0]+m.Match.Heats[1], "one heat each: %v", m.Match.Heats[:2])
	require.NotEmpty(t, third.Game)
	assert.Equal(t, m.Games[2].Game, third.Game)
	require.Len(t, third.Cars, 2)

	c, err := tracks.Get(m.Track)
	require.NoError(t, err)
	inside, outside, _, err := variants.BlitzSymmetricSquares(c)
	require.NoError(t, err)
	var lines []string
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		row, err := tx.Game(third.Game)
		require.NoError(t, err)
		meta, err := decodeMeta(row)
		require.NoError(t, err)
		assert.Equal(t, []string{"AX-5:time_bank=2h,start=symmetric"}, meta.Variants, "the third heat starts symmetric")
		evs, err := tx.Events(third.Game, 0, 0)
		for _, e := range evs {
			lines = append(lines, e.Line)
		}
		return err
	}))
	text := strings.Join(lines, "\n")
	assert.Regexp(t, `\ngrid order=(1,2|2,1) spaces=`+c.Space(inside).Name+`,`+c.Space(outside).Name+`\n`, text, "side by side, the inside first, nobody on pole")
	assert.Regexp(t, `roll play=0 car=1 for=grid .*\nroll play=0 car=2 for=grid `, text, "the black die draws the inside")
	_, err = svc.Verify(ctx, third.Game)
	require.NoError(t, err, "the symmetric heat's record verifies")
	for k, h := range m.Games[:2] {
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			row, err := tx.Game(h.Game)
			require.NoError(t, err)
			meta, err := decodeMeta(row)
			require.NoError(t, err)
			assert.Equal(t, []string{"AX-5:time_bank=2h"}, meta.Variants, "heat %d starts from the grid", k+1)
			return nil
		}))
	}
	w, done := m.Match.Winner()
	require.True(t, done)
	wins := m.Match.HeatsWon()
	assert.Equal(t, max(wins[0], wins[1]), wins[slices.Index(m.Match.Pilots(), w)])
}

// playBlitzToChampion ticks the league and plays its first Blitz's running
// heats with the autopilot, a play at a time, until the Blitz has its
// champion; before, when not nil, is called before each play of a heat
// (b the Blitz, k the match's place in its round, m the match) to move a
// clock or think too long. It returns the league's document then.
func playBlitzToChampion(t *testing.T, svc *Service, store persistence.Store, id string, before func(b blitzEvent, k int, m blitzMatch)) *leagueDoc {
	t.Helper()
	ctx := context.Background()
	var doc *leagueDoc
	for range 20000 {
		_, err := svc.leagueTick(ctx)
		require.NoError(t, err)
		doc = readLeague(t, store, id)
		b := doc.Blitzes[0]
		require.NotEmpty(t, b.Rounds, "the bracket is drawn at its date")
		if b.champion() != "" {
			return doc
		}
		running := 0
		for k, m := range b.Rounds[len(b.Rounds)-1] {
			n := len(m.Games)
			if n == 0 || m.Games[n-1].Facts != nil {
				continue
			}
			running++
			if before != nil {
				before(b, k, m)
			}
			_, err = svc.Autoplay(ctx, m.Games[n-1].Game, 1)
			require.NoError(t, err)
		}
		require.NotZero(t, running, "an undecided round has a heat running")
	}
	return doc
}
