package tracks_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// Words in quotes are plain words even when they hold "=" or "#"; options
// may quote their values; CRLF line ends, tabs and comments are accepted.
func TestParseWordsAndQuotes(t *testing.T) {
	src := strings.Join([]string{
		"circuit quoted   # the id",
		`name "Lap=40 #1"`,
		`description "x=y"`,
		"lanes\t3\r",
		"weather sun 1-12 changeable 13-16 rain 17-20",
		"grid 10",
		`straight 6 id="start"`,
		`corner "T=1" right stops=1 angle=180 radius=3 id=north`,
		"straight 16 id=back",
		`corner "South # Bend" right stops=2 angle=180 radius=3 id=south`,
		"straight 10 id=main",
		"",
	}, "\n")
	s, err := tracks.Parse("quoted.track", []byte(src))
	require.NoError(t, err)
	assert.Equal(t, "quoted", s.ID)
	assert.Equal(t, "Lap=40 #1", s.Name)
	assert.Equal(t, "x=y", s.Description)
	assert.Equal(t, 3, s.Lanes)
	require.Len(t, s.Segments, 5)
	assert.Equal(t, "start", s.Segments[0].ID)
	assert.Equal(t, "T=1", s.Segments[1].Name)
	assert.Equal(t, "South # Bend", s.Segments[3].Name)
	assert.Equal(t, 8, s.Segments[1].Line)

	c, err := tracks.Build(s)
	require.NoError(t, err)
	assert.Empty(t, tracks.Validate(c, s))
	assert.Equal(t, "T=1", c.Corners[0].Name)
}

// Parse reports a Problems list, and stops early on a file that is not a
// circuit rather than listing a problem per line.
func TestParseGivesUpOnNonCircuits(t *testing.T) {
	_, err := tracks.Parse("letter.txt", []byte(strings.Repeat("Dear Sir,\n", 1000)))
	ps := problemsOf(t, err)
	assert.Len(t, ps, 1)
	assert.Equal(t, 1, ps[0].Line)

	// a circuit with a problem on every line gives up after about fifty
	_, err = tracks.Parse("many.track", []byte("circuit many\n"+strings.Repeat("chicane 3\n", 1000)))
	ps = problemsOf(t, err)
	assert.LessOrEqual(t, len(ps), 52)
	assert.Contains(t, ps[len(ps)-1].Msg, "too many problems")
}

// A Problem prints as file:line: where: message, and Problems as one line
// per problem.
func TestProblemStrings(t *testing.T) {
	p := tracks.Problem{File: "a.track", Line: 3, Where: "grid", Msg: "too small"}
	assert.Equal(t, "a.track:3: grid: too small", p.String())
	p2 := tracks.Problem{File: "a.track", Msg: "not a circuit"}
	assert.Equal(t, "a.track: not a circuit", p2.String())
	ps := tracks.Problems{p, p2}
	assert.Equal(t, "a.track:3: grid: too small\na.track: not a circuit", ps.Error())
	assert.Error(t, ps.Err())
	assert.NoError(t, tracks.Problems(nil).Err())
}

// A corner line may say its bend is lined with rails (league 10-A's rail
// cases); the built corner keeps it, a corner without the word has none.
func TestCornerRails(t *testing.T) {
	src := strings.Join([]string{
		"circuit railed",
		`name "Railed"`,
		"lanes 3",
		"weather sun 1-20",
		"grid 4",
		"straight 12 id=main",
		`corner "Harbour" right rails stops=1 angle=180 radius=3 id=harbour`,
		"straight 12 id=back",
		`corner "Hill" right dangerous stops=2 angle=180 radius=3 id=hill`,
		"straight 8 id=home",
		"",
	}, "\n")
	s, err := tracks.Parse("railed.track", []byte(src))
	require.NoError(t, err)
	assert.True(t, s.Segments[1].Rails)
	assert.False(t, s.Segments[3].Rails)
	c, err := tracks.Build(s)
	require.NoError(t, err)
	assert.True(t, c.Corners[0].Rails, "Harbour")
	assert.False(t, c.Corners[1].Rails, "Hill")
}
