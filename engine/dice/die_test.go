package dice_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// defaultHeader is the default set in its text form, written out by hand:
// a record header carrying it must keep reading the same forever.
const defaultHeader = "d4=1,1,2,2 d6=2,3,3,4,4,4 d8=4,5,6,6,7,7,8,8 " +
	"d12=7,7,8,8,9,9,10,10,11,11,12,12 " +
	"d20=11,11,12,12,13,13,14,14,15,15,16,16,17,17,18,18,19,19,20,20 " +
	"d30=21,21,21,22,22,22,23,23,23,24,24,24,25,25,25,26,26,26,27,27,27,28,28,28,29,29,29,30,30,30 " +
	"black=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"

// T-01b, written out face by face.
func TestDefaultSetFaces(t *testing.T) {
	s := dice.DefaultSet()
	want := []dice.Die{
		{Name: "d4", Faces: []int{1, 1, 2, 2}},
		{Name: "d6", Faces: []int{2, 3, 3, 4, 4, 4}},
		{Name: "d8", Faces: []int{4, 5, 6, 6, 7, 7, 8, 8}},
		{Name: "d12", Faces: []int{7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12}},
		{Name: "d20", Faces: []int{11, 11, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16, 17, 17, 18, 18, 19, 19, 20, 20}},
		{Name: "d30", Faces: []int{21, 21, 21, 22, 22, 22, 23, 23, 23, 24, 24, 24, 25, 25, 25, 26, 26, 26, 27, 27, 27, 28, 28, 28, 29, 29, 29, 30, 30, 30}},
	}
	for g := 1; g <= dice.NumGears; g++ {
		d, err := s.Gear(g)
		require.NoError(t, err)
		assert.Equal(t, want[g-1], d, "gear %d", g)
	}
	assert.Equal(t, dice.Die{Name: "black", Faces: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}}, s.Black)
	require.NoError(t, s.Validate())
	assert.Equal(t, defaultHeader, s.String())
}

// T-01 ranges and T-01b's P(max face) column follow from the faces.
func TestDefaultSetRangesAndMaxOdds(t *testing.T) {
	s := dice.DefaultSet()
	ranges := [][2]int{{1, 2}, {2, 4}, {4, 8}, {7, 12}, {11, 20}, {21, 30}, {1, 20}}
	// P(max face) as a fraction num/den.
	odds := [][2]int{{1, 2}, {1, 2}, {1, 4}, {1, 6}, {1, 10}, {1, 10}, {1, 20}}
	for i, d := range s.Dice() {
		assert.Equal(t, ranges[i][0], d.Min(), d.Name)
		assert.Equal(t, ranges[i][1], d.Max(), d.Name)
		n := 0
		for _, f := range d.Faces {
			if f == d.Max() {
				n++
			}
		}
		assert.Equal(t, odds[i][0]*len(d.Faces), n*odds[i][1], "P(max) of %s", d.Name)
	}
}

func TestDefaultSetIsFresh(t *testing.T) {
	a := dice.DefaultSet()
	a.Gears[0].Faces[0] = 99
	assert.Equal(t, 1, dice.DefaultSet().Gears[0].Faces[0], "DefaultSet must not share slices between calls")
}

func TestDieAccessors(t *testing.T) {
	d := dice.Die{Name: "x", Faces: []int{5, 3, 9, 3}}
	assert.Equal(t, 3, d.Min())
	assert.Equal(t, 9, d.Max())
	assert.True(t, d.HasFace(5))
	assert.False(t, d.HasFace(4))
	assert.Equal(t, 1, d.IndexOf(3))
	assert.Equal(t, -1, d.IndexOf(4))
	assert.Equal(t, "x=5,3,9,3", d.String())
	var empty dice.Die
	assert.Equal(t, 0, empty.Min())
	assert.Equal(t, 0, empty.Max())
	assert.False(t, empty.HasFace(0))
}

func TestGearOutOfRange(t *testing.T) {
	s := dice.DefaultSet()
	for _, g := range []int{0, -1, 7} {
		_, err := s.Gear(g)
		require.Error(t, err, "gear %d", g)
		assert.Contains(t, err.Error(), "1..6")
	}
}

func TestLookup(t *testing.T) {
	s := dice.DefaultSet()
	d, ok := s.Lookup("d8")
	require.True(t, ok)
	assert.Equal(t, s.Gears[2], d)
	d, ok = s.Lookup("black")
	require.True(t, ok)
	assert.Equal(t, s.Black, d)
	_, ok = s.Lookup("d10")
	assert.False(t, ok)
}

func TestSetValidateRejects(t *testing.T) {
	tests := []struct {
		name   string
		change func(*dice.Set)
		want   string
	}{
		{"no faces", func(s *dice.Set) { s.Gears[2].Faces = nil }, `gear 3 die: invalid dice set: dice: die "d8": invalid die: no faces`},
		{"zero face", func(s *dice.Set) { s.Gears[0].Faces = []int{0, 1, 2, 2} }, "face 1 is 0"},
		{"negative face", func(s *dice.Set) { s.Black.Faces[19] = -20 }, "black die"},
		{"face too big", func(s *dice.Set) { s.Gears[5].Faces[0] = dice.MaxFaceValue + 1 }, "want 1..1000"},
		{"too many faces", func(s *dice.Set) { s.Black.Faces = make([]int, dice.MaxFaces+1) }, "at most 1024"},
		{"empty name", func(s *dice.Set) { s.Gears[1].Name = "" }, "empty name"},
		{"bad name", func(s *dice.Set) { s.Gears[1].Name = "D6" }, `name has 'D'`},
		{"name with =", func(s *dice.Set) { s.Gears[1].Name = "d=6" }, `name has '='`},
		{"long name", func(s *dice.Set) { s.Black.Name = strings.Repeat("b", dice.MaxNameLen+1) }, "longer than 16"},
		{"duplicate name", func(s *dice.Set) { s.Black.Name = "d20" }, `gear 5 die and black die are both named "d20"`},
		{"gears get slower", func(s *dice.Set) { s.Gears[3].Faces = []int{5, 6} }, `gear 4 die "d12" tops out at 6, below gear 3 die "d8" at 8`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := dice.DefaultSet()
			tt.change(&s)
			err := s.Validate()
			require.Error(t, err)
			assert.ErrorIs(t, err, dice.ErrInvalidSet)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestSetValidateAcceptsEqualMaxima(t *testing.T) {
	s := dice.DefaultSet()
	s.Gears[1].Faces = []int{2, 2} // same max as gear 1: non-decreasing is enough
	require.NoError(t, s.Validate())
}

func TestParseSetRoundTrip(t *testing.T) {
	s, err := dice.ParseSet(defaultHeader)
	require.NoError(t, err)
	assert.Equal(t, dice.DefaultSet(), s)

	custom := "a=1 b=1,2 c=3,3,3 d=3,4 e=5,10,7 f=10 noir=1,2,3,4,5,6"
	s, err = dice.ParseSet(custom)
	require.NoError(t, err)
	assert.Equal(t, []int{5, 10, 7}, s.Gears[4].Faces)
	assert.Equal(t, "noir", s.Black.Name)
	assert.Equal(t, custom, s.String())

	// Any run of spaces or tabs separates dice; leading zeros are read.
	s2, err := dice.ParseSet("\t a=01  b=1,2 c=3,3,3\td=3,4 e=5,10,7 f=10 noir=1,2,3,4,5,6 ")
	require.NoError(t, err)
	assert.Equal(t, s, s2)
}

func TestSetText(t *testing.T) {
	text, err := dice.DefaultSet().MarshalText()
	require.NoError(t, err)
	assert.Equal(t, defaultHeader, string(text))

	var s dice.Set
	require.NoError(t, s.UnmarshalText(text))
	assert.Equal(t, dice.DefaultSet(), s)

	require.Error(t, s.UnmarshalText([]byte("d4=1")))
	assert.Equal(t, dice.DefaultSet(), s, "a failed UnmarshalText leaves the set alone")

	bad := dice.DefaultSet()
	bad.Black.Faces = nil
	_, err = bad.MarshalText()
	assert.ErrorIs(t, err, dice.ErrInvalidSet)
}

func TestParseSetErrors(t *testing.T) {
	const rest = " d6=2,3,3,4,4,4 d8=4,5,6,6,7,7,8,8 d12=7,8,9,10,11,12 d20=11,20 d30=21,30 black=1,20"
	tests := []struct {
		in, want string
	}{
		{"", "0 dice, want 7"},
		{"d4=1,1,2,2", "1 dice, want 7"},
		{"d4=1,1,2,2" + rest + " extra=1", "8 dice, want 7"},
		{"d4" + rest, `die 1 of 7: invalid dice set: dice: die "d4": invalid die: want name=face,face,…`},
		{"d4=" + rest, `die "d4": invalid die: no faces after '='`},
		{"=1,2" + rest, "empty name"},
		{"D4=1,2" + rest, "name has 'D'"},
		{"d4=1,,2" + rest, `face 2 "": empty`},
		{"d4=1,2," + rest, `face 3 "": empty`},
		{"d4=1,x" + rest, `face 2 "x": not a decimal number`},
		{"d4=1,-2" + rest, `face 2 "-2": not a decimal number`},
		{"d4=1,+2" + rest, `face 2 "+2": not a decimal number`},
		{"d4=1,0" + rest, `face 2 "0": faces start at 1`},
		{"d4=1,1001" + rest, `face 2 "1001": above 1000`},
		{"d4=1,99999999999999999999999" + rest, "above 1000"},
		{"d4=1,2=3" + rest, `face 2 "2=3": not a decimal number`},
		{"d4=1" + strings.Repeat(",1", dice.MaxFaces) + rest, "more than 1024 faces"},
		{"d4=1,2 d6=2,3,3,4,4,4 d8=4,5,6,6,7,7,8,8 d12=7,8,9,10,11,12 d20=11,20 d30=21,30 d4=1,20", `both named "d4"`},
		{"d4=1,2 d6=2,3,3,4,4,4 d8=3 d12=7,8,9,10,11,12 d20=11,20 d30=21,30 black=1,20", "gear 3 die \"d8\" tops out at 3, below gear 2 die \"d6\" at 4"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := dice.ParseSet(tt.in)
			require.Error(t, err)
			assert.ErrorIs(t, err, dice.ErrInvalidSet)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestParseDie(t *testing.T) {
	d, err := dice.ParseDie("d6=2,3,3,4,4,4")
	require.NoError(t, err)
	assert.Equal(t, dice.DefaultSet().Gears[1], d)
	_, err = dice.ParseDie("d6=2,3,3,4,4,x")
	assert.ErrorIs(t, err, dice.ErrInvalidDie)
}
