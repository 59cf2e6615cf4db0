package bot

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
	"github.com/pitwall/pitwall/tracks"
)

// stateBoard is a renderer whose "PNG" says what it was given to draw:
// the language, the round, the play and the last play done, read back
// from the record as the real board reads it.
type stateBoard struct{}

func (b stateBoard) BoardPNG(w io.Writer, g engine.Game, lang string) error {
	return b.BoardPNGFor(w, g, lang, 0, false)
}

// BoardPNGFor draws for a reader: the "PNG" says whose car it names.
func (stateBoard) BoardPNGFor(w io.Writer, race engine.Game, lang string, car int, crop bool) error {
	g := race.(fd.Contract).G
	if crop {
		_, err := fmt.Fprintf(w, "\x89PNG\r\n\x1a\ncrop")
		return err
	}
	done := 0
	for _, p := range g.PlaysSince(max(1, g.Play-len(g.Cars)-1)) {
		if p.Done {
			done = p.Play
		}
	}
	_, err := fmt.Fprintf(w, "\x89PNG\r\n\x1a\nlang=%s round=%d play=%d done=%d car=%d", lang, g.Round, g.Play, done, car)
	return err
}

// board reads back what stateBoard drew.
type board struct {
	lang                   string
	round, play, done, car int
}

func readBoard(t *testing.T, png []byte) board {
	t.Helper()
	var b board
	_, err := fmt.Sscanf(strings.TrimPrefix(string(png), "\x89PNG\r\n\x1a\n"), "lang=%s round=%d play=%d done=%d car=%d", &b.lang, &b.round, &b.play, &b.done, &b.car)
	require.NoError(t, err, "board %q", png)
	return b
}

// aMail is one mail as its reader gets it.
type aMail struct {
	Subject, Text string
	PNG           []byte
}

// takeMail returns the mails waiting for addr and marks them sent, as
// the email transport does.
func takeMail(t *testing.T, svc *Service, addr string) []aMail {
	t.Helper()
	ctx := context.Background()
	out, err := svc.PendingOutgoing(ctx, persistence.IdentityEmail, 0)
	require.NoError(t, err)
	var got []aMail
	for _, o := range out {
		if o.Target != addr {
			continue
		}
		h, text, ok := DecodeMail(o.Text)
		require.True(t, ok, "every mail says what it is: %q", o.Text)
		got = append(got, aMail{Subject: h.Subject, Text: text, PNG: o.PNG})
		require.NoError(t, svc.MarkSent(ctx, o.ID))
	}
	return got
}

// Three players, two by mail (Anna in English, Bob in French) and Carl at
// the terminal, play a race: each mail player hears of the game when it
// is created, gets one mail when a decision is theirs (with the board of
// the current play), nothing twice, the answer to their own orders as
// their news, everything in their language, and the results at the end.
func TestMailPlayersGetOneMailPerDecisionInTheirLanguage(t *testing.T) {
	store := memory.New()
	svc := New(Options{Store: store, Boards: stateBoard{}})
	t.Cleanup(func() { svc.Close(); store.Close() })
	ctx := context.Background()
	anna, bob := "anna@a.test", "bob@b.test"
	_, err := svc.RegisterEmail(ctx, "Anna", anna)
	require.NoError(t, err)
	_, err = svc.RegisterEmail(ctx, "Bob", bob)
	require.NoError(t, err)
	_, err = svc.SetPlayer(ctx, PlayerSettings{Name: "Bob", Language: "fr", TimeZone: "Europe/Paris"})
	require.NoError(t, err)
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob", "Carl"}, Seed: "one-mail", Laps: 1})
	require.NoError(t, err)
	c, err := tracks.Get("test-oval")
	require.NoError(t, err)
	carOf := map[string]int{anna: 1, bob: 2}
	langOf := map[string]string{anna: "en", bob: "fr"}
	addrOf := map[int]string{1: anna, 2: bob}

	seen := map[string]bool{}
	check := func(addr string, m aMail) {
		t.Helper()
		lang := langOf[addr]
		checkProse(t, c, "subject to "+addr, m.Subject, lang)
		checkProse(t, c, "mail to "+addr, m.Text, lang)
		require.False(t, seen[addr+m.Subject+m.Text], "the same mail twice to %s: %q", addr, m.Subject)
		seen[addr+m.Subject+m.Text] = true
	}

	// the game tells its players
	v, err := svc.Show(ctx, id)
	require.NoError(t, err)
	for _, addr := range []string{anna, bob} {
		got := takeMail(t, svc, addr)
		require.Len(t, got, 1, "one mail to %s when the game is created", addr)
		m := got[0]
		check(addr, m)
		car := carOf[addr]
		if langOf[addr] == "fr" {
			assert.Contains(t, m.Text, fmt.Sprintf("Vous pilotez la voiture %d", car))
			assert.Contains(t, m.Text, "Test Oval")
		} else {
			assert.Contains(t, m.Text, fmt.Sprintf("You drive car %d", car))
			assert.Contains(t, m.Text, "the Formula D complete rules")
		}
		switch {
		case v.Pending[0].Car == car && langOf[addr] == "fr":
			assert.True(t, strings.HasPrefix(m.Subject, fmt.Sprintf("À vous : voiture %d — ", car)), m.Subject)
		case v.Pending[0].Car == car:
			assert.True(t, strings.HasPrefix(m.Subject, fmt.Sprintf("Your turn: car %d — choose a gear (Test Oval, round 1)", car)), m.Subject)
		case langOf[addr] == "fr":
			assert.Equal(t, "Nouvelle course : Test Oval — vous pilotez la voiture 2", m.Subject)
		default:
			assert.Equal(t, "New race: Test Oval — you drive car 1", m.Subject)
		}
		require.NotEmpty(t, m.PNG, "the board comes with the first mail")
		assert.Equal(t, langOf[addr], readBoard(t, m.PNG).lang)
	}

	// the race: every order from the right player
	perRound := map[string]map[int]int{anna: {}, bob: {}}
	results := map[string]aMail{}
	for step := 0; v.State != persistence.GameFinished; step++ {
		require.Less(t, step, 1000)
		p := v.Pending[0]
		ident := cli("Carl")
		if a := addrOf[p.Car]; a != "" {
			ident = persistence.Identity{Kind: persistence.IdentityEmail, Value: a}
		}
		reply, err := svc.Handle(ctx, Request{Identity: ident, Game: id, Text: "choose " + p.Options[0], Source: "test", Key: fmt.Sprint(step)})
		if p.Decision == string(fd.DecideGear) {
			reply, err = svc.Handle(ctx, Request{Identity: ident, Game: id, Text: "gear " + p.Options[0], Source: "test", Key: fmt.Sprint(step)})
		}
		require.NoError(t, err)
		v, err = svc.Show(ctx, id)
		require.NoError(t, err)
		if a := addrOf[p.Car]; a != "" {
			// the answer is the sender's news: nothing more by mail
			checkProse(t, c, "reply", reply, langOf[a])
			assert.NotEmpty(t, reply)
			assert.Empty(t, takeMail(t, svc, a), "the answer to an order is its news, not a second mail")
			// the transport sends it, threaded under the order
			require.NoError(t, svc.MailReply(ctx, id, a, MailHead{Subject: "Re: order", InReplyTo: fmt.Sprintf("step%d@x", step), Reply: true}, reply, false))
			got := takeMail(t, svc, a)
			require.Len(t, got, 1)
			check(a, got[0])
			switch {
			case v.State == persistence.GameFinished:
				results[a] = got[0]
			case len(v.Pending) > 0 && v.Pending[0].Car == p.Car:
				require.NotEmpty(t, got[0].PNG, "an answer that asks for a decision carries the board")
				assert.Equal(t, v.Plays, readBoard(t, got[0].PNG).play)
			default:
				assert.Contains(t, got[0].Subject, fmt.Sprintf(" %d", p.Car), "the subject names the reader's car")
			}
		}
		for _, addr := range []string{anna, bob} {
			for _, m := range takeMail(t, svc, addr) {
				check(addr, m)
				if v.State == persistence.GameFinished {
					results[addr] = m
					continue
				}
				require.NotEmpty(t, m.PNG, "a mail that asks for a decision carries the board")
				b := readBoard(t, m.PNG)
				assert.Equal(t, langOf[addr], b.lang)
				assert.Equal(t, v.Rounds, b.round, "the board shows the current round")
				assert.Equal(t, v.Plays, b.play, "the board shows the current play")
				assert.Positive(t, b.done, "the board shows the plays done")
				assert.Equal(t, carOf[addr], b.car, "the board names the reader's car")
				turn := fmt.Sprintf("Your turn: car %d — ", carOf[addr])
				if langOf[addr] == "fr" {
					turn = fmt.Sprintf("À vous : voiture %d — ", carOf[addr])
				}
				assert.True(t, strings.HasPrefix(m.Subject, turn), "a mail during the race is a turn mail: %q", m.Subject)
				require.NotEmpty(t, v.Pending)
				assert.Equal(t, carOf[addr], v.Pending[0].Car, "a turn mail comes when the decision is the reader's")
				perRound[addr][v.Rounds]++
			}
		}
	}
	for addr, rounds := range perRound {
		assert.NotEmpty(t, rounds, "%s was asked to decide", addr)
		for r, n := range rounds {
			assert.LessOrEqual(t, n, 1, "%s got %d mails in round %d", addr, n, r)
		}
	}
	// the results: classification, the seed, how to check it
	require.Contains(t, results, anna)
	require.Contains(t, results, bob)
	assert.Equal(t, "Results: Test Oval", results[anna].Subject)
	assert.Equal(t, "Résultats : Test Oval", results[bob].Subject)
	for addr, m := range results {
		assert.Contains(t, m.Text, "1. ", addr)
		assert.Contains(t, m.Text, v.Seed, addr)
		assert.Contains(t, m.Text, "pitwall game verify "+id, addr)
		assert.Contains(t, m.Text, "Carl", addr)
	}
	assert.Contains(t, results[bob].Text, "Anna, voiture 1")
}

// board / plateau by mail answers with the board as it stands, and the
// status names the reader's car.
func TestBoardByMailCarriesTheBoard(t *testing.T) {
	store := memory.New()
	svc := New(Options{Store: store, Boards: stateBoard{}})
	t.Cleanup(func() { svc.Close(); store.Close() })
	ctx := context.Background()
	_, err := svc.RegisterEmail(ctx, "Anna", "anna@a.test")
	require.NoError(t, err)
	_, err = svc.RegisterEmail(ctx, "Bob", "bob@b.test")
	require.NoError(t, err)
	_, err = svc.SetPlayer(ctx, PlayerSettings{Name: "Bob", Language: "fr"})
	require.NoError(t, err)
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "board-mail"})
	require.NoError(t, err)
	_, err = svc.Autoplay(ctx, id, 7)
	require.NoError(t, err)
	takeMail(t, svc, "bob@b.test")
	v, err := svc.Show(ctx, id)
	require.NoError(t, err)

	reply, err := svc.Handle(ctx, Request{Identity: Identity{Kind: KindEmail, Value: "bob@b.test"}, Game: id, Text: "plateau"})
	require.NoError(t, err)
	assert.Contains(t, reply, "Vous pilotez la voiture 2")
	require.NoError(t, svc.MailReply(ctx, id, "bob@b.test", MailHead{Subject: "Re: x", InReplyTo: "m@x", Reply: true}, reply, true))
	got := takeMail(t, svc, "bob@b.test")
	require.Len(t, got, 1)
	require.NotEmpty(t, got[0].PNG)
	b := readBoard(t, got[0].PNG)
	assert.Equal(t, board{lang: "fr", round: v.Rounds, play: v.Plays, done: b.done, car: 2}, b)
	assert.Positive(t, b.done, "the board shows the plays done, not the start")
	assert.NotEqual(t, "Re: x", got[0].Subject, "the subject says what the mail is")
}

// croppingBoard draws "crops" too.
type croppingBoard struct{ stateBoard }

func (croppingBoard) CropPNG(w io.Writer, g engine.Game, lang string) error {
	_, err := fmt.Fprintf(w, "\x89PNG\r\n\x1a\ncrop")
	return err
}

// Each player chooses how often they are mailed: turn (a mail when a
// decision is theirs), round (also one digest a round) or every (every
// play); and the phone crop instead of the full board.
func TestMailModes(t *testing.T) {
	store := memory.New()
	svc := New(Options{Store: store, Boards: croppingBoard{}})
	t.Cleanup(func() { svc.Close(); store.Close() })
	ctx := context.Background()
	players := map[string]string{"Anna": "anna@a.test", "Bob": "bob@b.test", "Cleo": "cleo@c.test"}
	for name, addr := range players {
		_, err := svc.RegisterEmail(ctx, name, addr)
		require.NoError(t, err)
	}
	_, err := svc.SetPlayer(ctx, PlayerSettings{Name: "Cleo", MailMode: "every", Board: "phone"})
	require.NoError(t, err)
	_, err = svc.SetPlayer(ctx, PlayerSettings{Name: "Anna", MailMode: "sometimes"})
	require.True(t, IsUserError(err), "an unknown mode is refused")
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob", "Cleo"}, Seed: "modes", Laps: 1})
	require.NoError(t, err)
	// Bob says it by mail, in French
	reply, err := svc.Handle(ctx, Request{Identity: Identity{Kind: KindEmail, Value: "bob@b.test"}, Game: id, Text: "courrier manche"})
	require.NoError(t, err)
	assert.Contains(t, reply, "one mail a round")

	count := map[string]int{}
	rounds := map[string]map[int]int{}
	commits := 0
	take := func(round int) {
		for name, addr := range players {
			for _, m := range takeMail(t, svc, addr) {
				count[name]++
				if strings.HasPrefix(m.Subject, "Round ") {
					if rounds[name] == nil {
						rounds[name] = map[int]int{}
					}
					rounds[name][round]++
				}
				if name == "Cleo" && m.PNG != nil {
					assert.Equal(t, "\x89PNG\r\n\x1a\ncrop", string(m.PNG), "Cleo reads the phone crop")
				}
				if name != "Cleo" && m.PNG != nil {
					readBoard(t, m.PNG)
				}
			}
		}
	}
	take(0)
	for {
		n, err := svc.Autoplay(ctx, id, 1)
		require.NoError(t, err)
		if n == 0 {
			break
		}
		commits++
		v, err := svc.Show(ctx, id)
		require.NoError(t, err)
		take(v.Rounds)
	}
	require.Positive(t, commits)
	assert.Equal(t, commits+1, count["Cleo"], "every: the welcome, then one mail a play")
	assert.Greater(t, count["Bob"], count["Anna"], "round: the turn mails and a digest a round")
	assert.Less(t, count["Bob"], count["Cleo"])
	assert.Empty(t, rounds["Anna"], "turn: no digest")
	assert.NotEmpty(t, rounds["Bob"])
	for r, n := range rounds["Bob"] {
		assert.Equal(t, 1, n, "one digest in round %d", r)
	}
}

// A channel's posts and boards are in the game master's language.
func TestChannelsReadTheMastersLanguage(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	_, err := svc.SetPlayer(ctx, PlayerSettings{Name: "Anna", Language: "fr"})
	require.NoError(t, err)
	id, err := svc.Open(ctx, OpenRequest{Track: "test-oval", Creator: cli("Anna"), Channel: &Channel{Transport: KindDiscord, Target: "thread-1"}})
	require.NoError(t, err)
	_, err = svc.Handle(ctx, Request{Identity: cli("Bob"), Game: id, Text: "join"})
	if err != nil {
		require.NoError(t, svc.Register(ctx, cli("Bob"), "Bob", ""))
		_, err = svc.Handle(ctx, Request{Identity: cli("Bob"), Game: id, Text: "join"})
	}
	require.NoError(t, err)
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "start"})
	require.NoError(t, err)
	table, err := svc.Table(ctx, id, "en")
	require.NoError(t, err)
	assert.Equal(t, "fr", table.Lang)
	posts, err := svc.PendingOutgoing(ctx, KindDiscord, 0)
	require.NoError(t, err)
	require.NotEmpty(t, posts)
	assert.Contains(t, posts[len(posts)-1].Text, "La voiture", "the thread reads French")
}

// A take-back is told to each player by mail in their language, with a
// subject that says what it is.
func TestTakeBackByMail(t *testing.T) {
	store := memory.New()
	svc := New(Options{Store: store})
	t.Cleanup(func() { svc.Close(); store.Close() })
	ctx := context.Background()
	_, err := svc.RegisterEmail(ctx, "Bob", "bob@b.test")
	require.NoError(t, err)
	_, err = svc.SetPlayer(ctx, PlayerSettings{Name: "Bob", Language: "fr"})
	require.NoError(t, err)
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "tb-mail"})
	require.NoError(t, err)
	_, err = svc.Autoplay(ctx, id, 4)
	require.NoError(t, err)
	takeMail(t, svc, "bob@b.test")
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "takeback misclick"})
	require.NoError(t, err)
	got := takeMail(t, svc, "bob@b.test")
	require.NotEmpty(t, got)
	m := got[0]
	assert.Regexp(t, `^Coup \d+ annulé : voiture 2 \(Test Oval\)$`, m.Subject)
	assert.Contains(t, m.Text, "Le maître de jeu a annulé le coup")
	assert.Contains(t, m.Text, "misclick")
}

// A mail naming a game that does not exist is answered (the refusal, in
// plain text), and its keys are recorded so it is answered once.
func TestMailReplyToAnUnknownGame(t *testing.T) {
	svc, store := newTestService(t)
	ctx := context.Background()
	head := MailHead{Subject: "Re: [pitwall nope] status", InReplyTo: "m1@x", Reply: true}
	require.NoError(t, svc.MailReply(ctx, "nope", "ann@a.test", head, `no game "nope"`, false, [2]string{"imap", "m1@x"}))
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		msgs, err := tx.Pending(time.Now().Add(time.Hour), 0)
		require.NoError(t, err)
		require.Len(t, msgs, 1)
		assert.Equal(t, "ann@a.test", msgs[0].Target)
		assert.Contains(t, msgs[0].Text, `no game "nope"`)
		_, seen, err := tx.SeenInbound("imap", "m1@x")
		require.NoError(t, err)
		assert.True(t, seen, "the mail's key is recorded")
		return nil
	}))
}
