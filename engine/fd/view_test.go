package fd_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

func viewRace(t *testing.T, cars int, seed string) (*tracks.Circuit, *fd.Game, *fd.Record) {
	t.Helper()
	c, err := tracks.Get("test-oval")
	require.NoError(t, err)
	g, rec, err := fd.Simulate(fd.DefaultConfig(), c, "test-oval", cars, fd.SeedFrom(seed))
	require.NoError(t, err)
	return c, g, rec
}

// ReplayUntil stops after play n: the game's events are the record's up to
// the first order of a later play, and a decision of that play is pending.
func TestViewReplayUntil(t *testing.T) {
	c, full, rec := viewRace(t, 4, "view")
	last := rec.LastPlay()
	require.Equal(t, full.Play, last)
	for _, n := range []int{0, 1, 2, last / 2, last - 1} {
		g, err := fd.ReplayUntil(rec, c, n)
		require.NoError(t, err, "play %d", n)
		require.NotNil(t, g.Pending(), "play %d: a decision is pending", n)
		assert.False(t, g.Over)
		assert.Greater(t, g.Play, n, "the pending decision belongs to a later play")
		for i, e := range g.Events {
			require.Equal(t, rec.Events[i].String(), e.String(), "play %d: event %d", n, i+1)
		}
		// every play up to n is over; any later play that is over had
		// nothing to decide (it is played through)
		for _, p := range g.Plays() {
			if p.Play > n && p.Done {
				for _, e := range p.Events {
					assert.NotEqual(t, "order", e.Kind, "play %d: play %d has an order but was played", n, p.Play)
				}
			}
			if p.Play <= n {
				assert.True(t, p.Done, "play %d: play %d is over", n, p.Play)
			}
		}
	}
	g, err := fd.ReplayUntil(rec, c, last)
	require.NoError(t, err)
	assert.True(t, g.Over)
	assert.Equal(t, len(rec.Events), len(g.Events))
	_, err = fd.ReplayUntil(rec, c, -1)
	assert.Error(t, err)
}

// A tampered record is refused by ReplayUntil as by Replay.
func TestViewReplayUntilRefusesTampering(t *testing.T) {
	c, _, rec := viewRace(t, 3, "view-tamper")
	for i, e := range rec.Events {
		if e.Kind == "move" && i > len(rec.Events)/4 {
			rec.Events[i].Args[0].Val = "9" // another car
			break
		}
	}
	_, err := fd.ReplayUntil(rec, c, rec.LastPlay()-1)
	var mm *fd.MismatchError
	assert.True(t, errors.As(err, &mm), "%v", err)
}

// ReplayEach calls back after every play, in order, and once at the end.
func TestViewReplayEach(t *testing.T) {
	c, full, rec := viewRace(t, 3, "view-each")
	var seen []int
	g, err := fd.ReplayEach(rec, c, func(g *fd.Game, play int) error {
		seen = append(seen, play)
		return nil
	})
	require.NoError(t, err)
	assert.True(t, g.Over)
	require.NotEmpty(t, seen)
	assert.Equal(t, full.Play, seen[len(seen)-1])
	for i := 1; i < len(seen)-1; i++ {
		assert.Greater(t, seen[i], seen[i-1])
	}
	stop := errors.New("stop")
	_, err = fd.ReplayEach(rec, c, func(*fd.Game, int) error { return stop })
	assert.ErrorIs(t, err, stop)

	rounds := rec.PlayRounds()
	assert.Len(t, rounds, full.Play)
	assert.Equal(t, 1, rounds[1])
	assert.Equal(t, full.Round, rounds[full.Play])
}

// Plays reads back each play: the car, where it started, the path it drove
// (the move events' spaces) and every roll of the play.
func TestViewPlays(t *testing.T) {
	_, g, _ := viewRace(t, 4, "view-plays")
	plays := g.Plays()
	require.Len(t, plays, g.Play)
	where := map[int]tracks.SpaceID{}
	for i := range g.Cars {
		where[i+1] = tracks.NoSpace
	}
	rolls := 0
	for i, p := range plays {
		assert.Equal(t, i+1, p.Play)
		assert.True(t, p.Done)
		assert.Positive(t, p.Round)
		if w := where[p.Car]; w != tracks.NoSpace {
			assert.Equal(t, w, p.From, "play %d starts where car %d last stopped", p.Play, p.Car)
		}
		if path := p.Path(); len(path) > 0 {
			where[p.Car] = path[len(path)-1]
		}
		for _, r := range p.Rolls {
			assert.Equal(t, p.Play, r.Play)
			assert.NotEmpty(t, r.Die)
			rolls++
		}
		assert.Equal(t, "turn", p.Events[0].Kind)
	}
	total := 0
	for _, e := range g.Events {
		if e.Kind == "roll" && e.Get("play") != "0" {
			total++
		}
	}
	assert.Equal(t, total, rolls, "every roll of every play")
	since := g.PlaysSince(g.Play - 2)
	require.Len(t, since, 3)
	assert.Equal(t, plays[len(plays)-3:], since)
}

// Plays from a position: the first play starts on the position's space;
// a play under way is not Done.
func TestViewPlaysFromPosition(t *testing.T) {
	c, err := tracks.Get("test-oval")
	require.NoError(t, err)
	g, err := fd.NewGame("view", fd.DefaultConfig(), c, 2)
	require.NoError(t, err)
	pos := fd.Position{Round: 5, Cars: []fd.CarPosition{
		{Car: 1, Space: "back.3.1", Gear: 3, Wear: fd.DefaultWear(), Flags: []string{"started", "crossed"}},
		{Car: 2, Space: "back.1.0", Gear: 3, Wear: fd.DefaultWear(), Flags: []string{"started", "crossed"}},
	}}
	require.NoError(t, g.StartFrom(pos, dice.NewScripted()))
	require.NoError(t, g.Submit(fd.Order{Car: 1, Gear: 3}, dice.NewScripted(5)))
	plays := g.Plays()
	require.Len(t, plays, 1)
	assert.False(t, plays[0].Done, "car 1 still has to move")
	assert.Equal(t, 3, plays[0].Gear)
	from, _ := c.Lookup("back.3.1")
	assert.Equal(t, from, plays[0].From)
	require.Len(t, plays[0].Rolls, 1)
	assert.Equal(t, fd.DieRoll{Play: 1, Car: 1, Purpose: "gear", Die: "d8", Value: 5}, plays[0].Rolls[0])

	d := g.Pending()
	require.NotNil(t, d)
	require.NoError(t, g.Submit(fd.Order{Car: 1, Letter: d.Options[0].Letter}, dice.NewScripted()))
	plays = g.Plays()
	assert.True(t, plays[0].Done)
	assert.Len(t, plays[0].Path(), len(d.Options[0].Path))
	assert.Equal(t, fd.Fine, g.Weather())
	assert.Equal(t, fd.DefaultWear(), g.StartWear(1))
}

// EliminationRisk: 1 for an option that eliminates for sure, the chance of
// a handling loss for a car with one handling point crossing debris, 0
// without any roll.
func TestViewEliminationRisk(t *testing.T) {
	c, err := tracks.Get("test-oval")
	require.NoError(t, err)
	g, err := fd.NewGame("view", fd.DefaultConfig(), c, 1)
	require.NoError(t, err)
	pos := fd.Position{Round: 1, Debris: []string{"back.5.0", "back.5.1", "back.5.2"}, Cars: []fd.CarPosition{
		{Car: 1, Space: "back.1.1", Gear: 3, Wear: fd.Wear{6, 3, 3, 3, 3, 1}, Flags: []string{"started", "crossed"}},
	}}
	require.NoError(t, g.StartFrom(pos, dice.NewScripted()))
	require.NoError(t, g.Submit(fd.Order{Car: 1, Gear: 3}, dice.NewScripted(6)))
	d := g.Pending()
	require.NotNil(t, d)
	seen := map[int]bool{}
	for _, op := range d.Options {
		risk := g.EliminationRisk(d, op)
		switch {
		case op.Eliminated:
			assert.Equal(t, 1.0, risk)
		case op.Dangerous == 1:
			assert.InDelta(t, 0.2, risk, 1e-9, "a black die of 1–4 takes the last handling point")
		case op.Dangerous == 0:
			assert.Zero(t, risk, "option %s", op.Letter)
		}
		seen[op.Dangerous] = true
	}
	assert.True(t, seen[0] && seen[1], "options with and without debris")
	assert.Zero(t, g.EliminationRisk(nil, fd.Option{}))
}

func TestViewLastPlay(t *testing.T) {
	rec, err := fd.ParseRecord(strings.Join([]string{
		fd.RecordMagic, "game g", "rules fd2008", "track test-oval", "cars 1", "dice-source scripted", "events",
		"turn play=1 car=1", "turn play=7 car=1", "turn play=3 car=1",
	}, "\n"))
	require.NoError(t, err)
	assert.Equal(t, 7, rec.LastPlay())
}

// PlaysSince(n), which reads where the cars stand backwards from play n,
// gives the same plays as Plays from play n on, at every play of races
// with pit stops and eliminations.
func TestViewPlaysSince(t *testing.T) {
	for _, seed := range []string{"since-1", "since-2"} {
		c, err := tracks.Get("port-azur")
		require.NoError(t, err)
		g, _, err := fd.Simulate(fd.DefaultConfig(), c, "port-azur", 8, fd.SeedFrom(seed))
		require.NoError(t, err)
		all := g.Plays()
		for n := 1; n <= len(all); n += 7 {
			assert.Equal(t, all[n-1:], g.PlaysSince(n), "%s: from play %d", seed, n)
		}
		assert.Empty(t, g.PlaysSince(len(all)+1))
	}
}

// LastPlay and PlayRounds read a record's lines as typed values, loosely
// as a hand-written record gives them (a turn without its car, a round
// without its order), and pass over a line whose number is not one.
func TestViewReadsHandWrittenLines(t *testing.T) {
	rec, err := fd.ParseRecord(strings.Join([]string{
		fd.RecordMagic, "game g", "rules fd2008", "track test-oval", "cars 1", "dice-source scripted", "events",
		"position round=4", "turn play=2", "round n=5", "turn car=1 play=3", "turn play=9x car=1", "round n=01 order=1", "turn play=4 car=1",
	}, "\n"))
	require.NoError(t, err)
	assert.Equal(t, 4, rec.LastPlay(), "play=9x is no play")
	assert.Equal(t, map[int]int{2: 4, 3: 5, 4: 5}, rec.PlayRounds(), "n=01 is not a round as the record writes it")
}
