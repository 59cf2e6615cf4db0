package tracks_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// baseLines is a valid circuit (the test oval under another id); each broken
// case changes a few of its lines, so the line numbers below are easy to
// check by eye.
var baseLines = []string{
	1:  "circuit base",
	2:  `name "Base"`,
	3:  "lanes 3",
	4:  "weather sun 1-12 changeable 13-16 rain 17-20",
	5:  "grid 10",
	6:  "straight 6 id=start",
	7:  `corner "North Bend" right stops=1 angle=180 radius=3 id=north`,
	8:  "straight 16 id=back",
	9:  `corner "South Bend" right stops=2 angle=180 radius=3 id=south`,
	10: "straight 10 id=main",
	11: "pit side=left entry=main.1 exit=start.4 boxes=10",
	// further lines are appended from 12 on
}

// variant returns the base circuit with some lines replaced (a replacement
// may hold several lines; the lines after it then move down) and more lines
// appended.
func variant(repl map[int]string, extra ...string) string {
	var b strings.Builder
	for i := 1; i < len(baseLines); i++ {
		l, ok := repl[i]
		if !ok {
			l = baseLines[i]
		}
		b.WriteString(l)
		b.WriteString("\n")
	}
	for _, l := range extra {
		b.WriteString(l)
		b.WriteString("\n")
	}
	return b.String()
}

// want is one expected problem: its line and words its text must contain
// (matched case-insensitively against "where: message").
type want struct {
	line  int
	words []string
}

func w(line int, words ...string) want { return want{line, words} }

type brokenCase struct {
	name string
	src  string
	// every problem expected, in any order; the problem count must match
	// exactly, so a case also proves that no problem is left out and none
	// is made up
	want []want
}

// brokenCases has one broken circuit per build or validation message. It is
// also part of the fuzz seed corpus.
var brokenCases = []brokenCase{
	// --- the file itself ---
	{"empty file", "", []want{w(0, "not a circuit", "no \"circuit id\" line")}},
	{"only comments", "# nothing here\n\n   # still nothing\n", []want{w(0, "not a circuit")}},
	{"random bytes, not UTF-8", "\xff\xfe\x00\x01garbage\x80\x81", []want{w(0, "not utf-8")}},
	{"binary but valid UTF-8", "\x00\x01\x02circuit\x03\x04", []want{w(1, "control character U+0000"), w(0, "not a circuit")}},
	{"not a track: prose", "Hello,\nthis is a letter.\n", []want{w(1, `starts with "circuit id"`, `"hello,"`)}},
	{"oversized", "circuit big\n" + strings.Repeat("# padding padding padding\n", tracks.MaxSourceSize/26+1),
		[]want{w(0, "more than the 262144")}},
	{"header only", "circuit lonely\nname Lonely\n", []want{w(0, "no segments and no spaces")}},
	{"bad circuit id", variant(map[int]string{1: "circuit Base_1"}), []want{w(1, "circuit", "lower-case")}},
	{"two circuit lines", variant(nil, "circuit again"), []want{w(12, "second circuit line")}},

	// --- parsing ---
	{"unknown directive", variant(nil, "chicane 3"), []want{w(12, `unknown directive "chicane"`)}},
	{"unknown option", variant(map[int]string{6: "straight 6 id=start colour=red"}), []want{w(6, "straight", `unknown option "colour"`)}},
	{"option given twice", variant(map[int]string{6: "straight 6 id=start id=again"}), []want{w(6, `option "id" given twice`)}},
	{"unclosed quote", variant(map[int]string{2: `name "Base`}), []want{w(2, "unclosed quote")}},
	{"lanes out of range", variant(map[int]string{3: "lanes 7"}), []want{w(3, "lanes", `"7" must be a whole number from 1 to 6`)}},
	{"straight without length", variant(map[int]string{8: "straight id=back"}), []want{w(8, "needs its length")}},
	{"straight too long", variant(map[int]string{8: "straight 201 id=back"}), []want{w(8, `"201" must be a whole number from 1 to 200`)}},
	{"unknown segment flag", variant(map[int]string{8: "straight 16 bumpy id=back"}), []want{w(8, `unknown word "bumpy"`)}},
	{"corner without stops", variant(map[int]string{7: `corner "North Bend" right angle=180 radius=3 id=north`}), []want{w(7, `corner "north bend"`, "needs stops=")}},
	{"corner stops not a number", variant(map[int]string{7: `corner "North Bend" right stops=two angle=180 radius=3 id=north`}), []want{w(7, `stops "two" is not a number`)}},
	{"corner without angle", variant(map[int]string{7: `corner "North Bend" right stops=1 radius=3 id=north`}), []want{w(7, "needs angle=")}},
	{"corner bad direction", variant(map[int]string{7: `corner "North Bend" up stops=1 angle=180 radius=3 id=north`}), []want{w(7, `direction must be left or right, got "up"`)}},
	{"corner angle out of range", variant(map[int]string{7: `corner "North Bend" right stops=1 angle=400 radius=3 id=north`}), []want{w(7, `angle "400" must be a number from 1 to 360`)}},
	{"corner angle NaN", variant(map[int]string{7: `corner "North Bend" right stops=1 angle=NaN radius=3 id=north`}), []want{w(7, `angle "nan"`)}},
	{"weather not in pairs", variant(map[int]string{4: "weather sun 1-12 changeable"}), []want{w(4, "write pairs")}},
	{"weather unknown", variant(map[int]string{4: "weather sun 1-12 snow 13-16 rain 17-20"}), []want{w(4, `unknown weather "snow"`)}},
	{"weather range reversed", variant(map[int]string{4: "weather sun 12-1 changeable 13-16 rain 17-20"}), []want{w(4, `range "12-1"`)}},
	{"space flag unknown", variant(nil, "space start.0.0 +slippery"), []want{w(12, "space start.0.0", `unknown flag "slippery"`)}},
	{"space flag without sign", variant(nil, "space start.0.0 grid"), []want{w(12, `"grid": flags are written +flag or -flag`)}},
	{"space kind unknown", variant(nil, "space start.0.0 kind=lava"), []want{w(12, `kind "lava"`)}},
	{"zone without spaces", variant(nil, `zone "Kink" left stops=1`), []want{w(12, "needs spaces=")}},
	{"pit without entry", variant(map[int]string{11: "pit side=left exit=start.4"}), []want{w(11, "pit", "needs entry=")}},
	{"pit side unknown", variant(map[int]string{11: "pit side=centre entry=main.1 exit=start.4"}), []want{w(11, `side must be left or right, got "centre"`)}},
	{"two pit lines", variant(nil, "pit side=left entry=main.1 exit=start.4"), []want{w(12, "second pit line")}},
	{"three parse problems", variant(map[int]string{2: `name "Base`, 6: "straight 6 id=start colour=red"}, "chicane 3"),
		[]want{w(2, "unclosed quote"), w(6, `unknown option "colour"`), w(12, `unknown directive "chicane"`)}},

	// --- building ---
	{"lap not closed (geometry)", variant(map[int]string{8: "straight 15 id=back"}),
		[]want{w(10, "segment 5 (straight main)", "the lap does not close", "1.50 lane widths")}},
	{"lap not closed (heading)", variant(map[int]string{9: `corner "South Bend" right stops=2 angle=170 radius=3 id=south`}),
		[]want{w(10, "the lap does not close", "heading 10.0° off")}},
	{"lap not closed (2° short)", variant(map[int]string{9: `corner "South Bend" right stops=2 angle=178 radius=3 id=south`}),
		[]want{w(10, "the lap does not close", "heading 2.0° off")}},
	{"lap not closed (2° over)", variant(map[int]string{9: `corner "South Bend" right stops=2 angle=182 radius=3 id=south`}),
		[]want{w(10, "the lap does not close", "heading 2.0° off")}},
	{"corner radius too small", variant(map[int]string{7: `corner "North Bend" right stops=1 angle=180 radius=1 id=north`}),
		[]want{w(7, `corner "north bend"`, "radius 1 is too small for 3 lanes"), w(10, "the lap does not close")}},
	{"segment id used twice", variant(map[int]string{8: "straight 16 id=start"}),
		[]want{w(8, "segment 3 (straight start)", `id "start" already used by segment 1`)}},
	{"space override naming no space", variant(nil, "space nowhere.1.0 +dangerous"),
		[]want{w(12, "space nowhere.1.0", "no such space")}},
	{"space override moving a generated space", variant(nil, "space start.1.0 level=3"),
		[]want{w(12, "space start.1.0", "keeps its lane, level and position")}},
	{"edge naming no space", variant(nil, "edge start.0.0 nowhere"),
		[]want{w(12, "edge start.0.0 nowhere", `no space named "nowhere"`)}},
	{"noedge of a missing edge", variant(nil, "noedge start.0.0 start.1.2"),
		[]want{w(12, "noedge start.0.0 start.1.2", "no such edge to remove")}},
	{"tunnel with different lanes", variant(map[int]string{8: "straight 6 id=back\ntunnel 4 lanes=2 id=tube\nstraight 6 id=back2"}),
		[]want{w(9, "segment 4 (tunnel tube)", "same number of lanes")}},
	{"pit entry on a corner", variant(map[int]string{11: "pit side=left entry=north.1 exit=start.4 boxes=10"}),
		[]want{w(11, "pit", `entry "north.1"`, "is a corner")}},
	{"pit entry on a missing segment", variant(map[int]string{11: "pit side=left entry=nowhere.1 exit=start.4 boxes=10"}),
		[]want{w(11, "pit", `no segment with id "nowhere"`)}},
	{"pit step out of range", variant(map[int]string{11: "pit side=left entry=main.10 exit=start.4 boxes=10"}),
		[]want{w(11, "pit", "segment main has steps 0 to 9")}},
	{"pit ref not SEGMENT.STEP", variant(map[int]string{11: "pit side=left entry=main exit=start.4 boxes=10"}),
		[]want{w(11, "pit", `entry "main" must be segment.step`)}},
	{"pit too short for its boxes", variant(map[int]string{11: "pit side=left entry=main.1 exit=start.4 boxes=11"}),
		[]want{w(11, "pit", "has 12 spaces; 11 boxes need at least 13")}},
	{"pit along a corner", variant(map[int]string{11: "pit side=left entry=back.10 exit=start.4 boxes=10"}),
		[]want{w(11, "pit", "is not on a straight")}},
	{"grid slot on a corner", variant(map[int]string{5: "grid 12"}),
		[]want{w(5, "grid", "slot 11 falls at level 37, which is not on a straight")}},
	{"grid names no space", variant(map[int]string{5: "grid main.9.0 nowhere"}),
		[]want{w(5, "grid", `no space named "nowhere"`)}},
	{"police on a missing segment", variant(nil, "police nowhere"),
		[]want{w(12, "police", `no segment with id "nowhere"`)}},
	{"qualifying names no space", variant(nil, "qualifying nowhere"),
		[]want{w(12, "qualifying", `no space named "nowhere"`)}},
	{"zone names no space", variant(nil, `zone "Kink" left stops=1 spaces=back.3.0,nowhere`),
		[]want{w(12, `zone "kink"`, `no space named "nowhere"`)}},
	{"zone over a generated corner", variant(nil, `zone "Twice" right stops=1 spaces=north.0.0`),
		[]want{w(12, "space north.0.0", "belongs to two corners")}},

	// --- validation ---
	{"dead end", variant(nil, "noedge main.9.0 start.0.0", "noedge main.9.0 start.0.1"),
		[]want{w(10, "space main.9.0", "dead end")}},
	{"space unreachable from the grid", variant(nil, "noedge main.9.0 start.0.0", "noedge main.9.1 start.0.0"),
		[]want{w(6, "space start.0.0", "cannot be reached from the grid")}},
	{"corner stops=0", variant(map[int]string{7: `corner "North Bend" right stops=0 angle=180 radius=3 id=north`}),
		[]want{w(7, `corner "north bend"`, "must be 1, 2 or 3", "got 0")}},
	{"corner stops=4", variant(map[int]string{9: `corner "South Bend" right stops=4 angle=180 radius=3 id=south`}),
		[]want{w(9, `corner "south bend"`, "must be 1, 2 or 3", "got 4")}},
	{"edge jumping two lanes", variant(nil, "edge start.1.0 start.2.2"),
		[]want{w(12, "start.1.0", "edge to start.2.2 changes 2.0 lanes")}},
	{"edge going backwards", variant(nil, "edge back.5.1 back.2.1"),
		[]want{w(12, "back.5.1", "goes back from level 19 to 16")}},
	{"edge sideways", variant(nil, "edge back.5.1 back.5.2"),
		[]want{w(12, "back.5.1", "stays on level 19")}},
	{"pit lane cannot reach a box", variant(nil, "noedge pit.3 box.3"),
		[]want{w(11, "pit", "box 3 (box.3) cannot be reached from the pit entry"), w(11, "space box.3", "cannot be reached from the grid")}},
	{"box cannot reach the pit exit", variant(nil, "noedge box.4 pit.6", "edge box.4 start.0.0"),
		[]want{w(11, "pit", "box 4 (box.4) has no way to the pit exit")}},
	{"pit exit does not lead back", variant(nil, "noedge pit.12 start.4.0", "edge pit.12 box.10"),
		[]want{w(11, "pit", "the pit exit pit.12 does not lead back onto the track"), w(13, "space pit.12", "edge to box.10 goes back from level 3 to 2")}},
	{"pit-entry limit twice in one lane (R19.19)", variant(nil, "space main.1.0 +pit-entry-limit", "space main.1.1 +pit-entry-limit", "space main.2.1 +pit-entry-limit", "space main.1.2 +pit-entry-limit"),
		[]want{w(11, "pit", "the pit-entry limit crosses lane 1 twice (main.1.1 and main.2.1)")}},
	{"pit entry off the pit-entry limit (R19.19)", variant(nil, "space main.2.0 +pit-entry-limit", "space main.2.1 +pit-entry-limit", "space main.2.2 +pit-entry-limit"),
		[]want{w(11, "pit", "the pit entry main.1.0 is not on the pit-entry limit")}},
	{"pit-entry limit leaving a lane uncut (R19.19)", variant(nil, "space main.1.0 +pit-entry-limit", "space main.2.1 +pit-entry-limit"),
		[]want{w(11, "pit", "does not cross lane 2 (main.1.2)"), w(11, "pit", "does not cross lane 2 (main.2.2)")}},
	{"pit-entry limit staggered too far (R19.19)", variant(nil, "space main.1.0 +pit-entry-limit", "space main.3.1 +pit-entry-limit", "space main.6.2 +pit-entry-limit"),
		[]want{w(11, "pit", "spans levels", "at most 3 levels apart")}},
	{"too few grid slots", variant(map[int]string{5: "grid 5"}),
		[]want{w(5, "grid", "5 slot(s); a circuit needs at least 10")}},
	{"grid slots that are the same space", variant(map[int]string{5: "grid main.9.0 main.8.2 main.9.0 main.7.2 main.7.0 main.6.2 main.6.0 main.5.2 main.5.0 main.4.2"}),
		[]want{w(5, "grid", "slots 1 and 3 are the same space main.9.0")}},
	{"grid slot in the pit lane", variant(map[int]string{5: "grid pit.3 main.8.2 main.8.0 main.7.2 main.7.0 main.6.2 main.6.0 main.5.2 main.5.0 main.4.2"}),
		[]want{w(5, "grid", "slot 1 (pit.3) is a pit space")}},
	{"weather gap", variant(map[int]string{4: "weather sun 1-12 rain 17-20"}),
		[]want{w(4, "weather", "face(s) 13, 14, 15, 16 have no weather")}},
	{"weather overlap", variant(map[int]string{4: "weather sun 1-13 changeable 13-16 rain 16-20"}),
		[]want{w(4, "weather", "face(s) 13, 16 have more than one weather")}},
	{"weather face 0", variant(map[int]string{4: "weather sun 0-12 changeable 13-16 rain 17-20"}),
		[]want{w(4, "weather", "sun 0-12: the black die only shows 1 to 20")}},
	{"weather face 21", variant(map[int]string{4: "weather sun 1-12 changeable 13-16 rain 17-21"}),
		[]want{w(4, "weather", "rain 17-21: the black die only shows 1 to 20")}},
	{"weather huge range", variant(map[int]string{4: "weather sun 1-9223372036854775807"}),
		[]want{w(4, "weather", "only shows 1 to 20")}},
	{"no weather table", variant(map[int]string{4: "# no weather"}),
		[]want{w(0, "weather", "no weather table")}},
	{"too few pit boxes", variant(map[int]string{11: "pit side=left entry=main.1 exit=start.4 boxes=5"}),
		[]want{w(11, "pit", "5 boxes; every car of a 10-car grid needs one")}},
	{"edge into a tunnel", variant(map[int]string{8: "straight 6 id=back\ntunnel 4 id=tube\nstraight 6 id=back2"}, "edge back.5.1 tube.1.1"),
		[]want{w(14, "back.5.1", "edge into tunnel space tube.1.1")}},
	{"tunnel space with an edge", variant(map[int]string{8: "straight 6 id=back\ntunnel 4 id=tube\nstraight 6 id=back2"}, "edge tube.1.1 tube.2.1"),
		[]want{w(9, "space tube.1.1", "a tunnel space is not playable and must have no edges")}},
	{"corner zone not contiguous", variant(nil, "noedge north.0.1 north.1.1", "noedge north.0.1 north.1.0", "noedge north.0.1 north.0.2", "edge north.0.1 back.0.1"),
		[]want{w(7, `corner "north bend"`, "space north.0.1 is not joined to space north.0.0", "not contiguous")}},
	{"zone in two pieces", variant(nil, `zone "Kink" left stops=1 spaces=back.3.0,back.5.0`),
		[]want{w(12, `corner "kink"`, "space back.5.0 is not joined to space back.3.0", "not contiguous")}},
	{"zone space with no way in", variant(nil, "noedge main.9.0 start.0.0", "noedge main.9.1 start.0.0", `zone "Kink" left stops=1 spaces=start.0.0,start.1.0`),
		[]want{w(14, `corner "kink"`, "space start.0.0 cannot be reached from the corner's entry"), w(6, "space start.0.0", "cannot be reached from the grid")}},
	{"pit entry level taken off the track", variant(nil, "space main.1.0 kind=box", "space main.1.1 kind=box", "space main.1.2 kind=box"),
		[]want{w(11, "pit", "no track space on the left edge", "pit entry main.1"), w(5, "grid", "slot 9 falls at level 39")}},
	{"pit exit level taken off the track", variant(nil, "space start.4.0 kind=tunnel", "space start.4.1 kind=tunnel", "space start.4.2 kind=tunnel"),
		[]want{w(11, "pit", "no track space on the left edge", "exit start.4")}},
	{"declared space taking a pit name", variant(nil, "space pit.2 lane=0 level=20"),
		[]want{w(12, "space pit.2", "already used by the pit lane")}},
	{"three validation problems", variant(map[int]string{4: "weather sun 1-12 rain 17-20", 5: "grid 5", 7: `corner "North Bend" right stops=4 angle=180 radius=3 id=north`}),
		[]want{w(4, "weather", "have no weather"), w(5, "grid", "5 slot(s)"), w(7, `corner "north bend"`, "got 4")}},
	{"hand-made lap not closed", "circuit open\nweather sun 1-20\nspace a lane=0 level=0\nspace b lane=0 level=1\nedge a b\n",
		[]want{w(0, "grid", "0 slot(s)"), w(0, "lap", "the lap is not closed"), w(4, "space b", "dead end")}},
}

func (w want) matches(p tracks.Problem) bool {
	if p.Line != w.line {
		return false
	}
	text := strings.ToLower(p.Where + ": " + p.Msg)
	for _, word := range w.words {
		if !strings.Contains(text, strings.ToLower(word)) {
			return false
		}
	}
	return true
}

// Every broken circuit fails to load with a Problems error listing exactly
// the expected problems, each on its line, in the file given to Load.
func TestBrokenCircuits(t *testing.T) {
	for _, tc := range brokenCases {
		t.Run(tc.name, func(t *testing.T) {
			checkProblems(t, "broken.track", []byte(tc.src), tc.want)
		})
	}
}

func checkProblems(t *testing.T, file string, src []byte, wants []want) {
	t.Helper()
	_, err := tracks.Load(file, src)
	ps := problemsOf(t, err)
	var got []string
	for _, p := range ps {
		got = append(got, p.String())
		assert.Equal(t, file, p.File, "problem %q names the file", p)
		assert.Contains(t, err.Error(), p.String(), "the error lists every problem")
	}
	for _, wt := range wants {
		found := false
		for _, p := range ps {
			found = found || wt.matches(p)
		}
		assert.True(t, found, "no problem at line %d containing %q; got:\n%s", wt.line, wt.words, strings.Join(got, "\n"))
	}
	assert.Len(t, ps, len(wants), "problems:\n%s", strings.Join(got, "\n"))
}

// Each file under testdata/broken states what loading it must report, one
// "# want: LINE: words; more words" comment per problem. These files are
// also fuzz seeds.
func TestBrokenFiles(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "broken", "*"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	wantRe := regexp.MustCompile(`(?m)^# want: (\d+): (.*)$`)
	for _, f := range files {
		if strings.HasSuffix(f, ".want") {
			continue
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			require.NoError(t, err)
			var wants []want
			for _, m := range wantRe.FindAllStringSubmatch(string(src), -1) {
				line, _ := strconv.Atoi(m[1])
				var words []string
				for _, wd := range strings.Split(m[2], ";") {
					words = append(words, strings.TrimSpace(wd))
				}
				wants = append(wants, want{line, words})
			}
			if len(wants) == 0 {
				// binary files cannot carry comments: a sibling .want does
				b, err := os.ReadFile(f + ".want")
				require.NoError(t, err, "%s has no # want: lines and no .want file", f)
				for _, m := range wantRe.FindAllStringSubmatch(string(b), -1) {
					line, _ := strconv.Atoi(m[1])
					wants = append(wants, want{line, []string{strings.TrimSpace(m[2])}})
				}
			}
			require.NotEmpty(t, wants)
			checkProblems(t, f, src, wants)
		})
	}
}

// The base circuit itself is valid: the broken cases differ from a good
// circuit only by the lines they change.
func TestBrokenBaseIsValid(t *testing.T) {
	c, err := tracks.Load("base.track", []byte(variant(nil)))
	require.NoError(t, err)
	assert.Equal(t, "base", c.ID)
	assert.Equal(t, 40, c.LapLength)
	// and every case is indeed broken differently from the base
	seen := map[string]string{}
	for _, tc := range brokenCases {
		prev, dup := seen[tc.src]
		require.False(t, dup, "cases %q and %q have the same source", prev, tc.name)
		seen[tc.src] = tc.name
	}
	assert.Greater(t, len(brokenCases), 60, fmt.Sprint(len(brokenCases)))
}

// The lap closes within one degree either way: a lap turning 359° is as
// closed as one turning 361°.
func TestLapClosureToleranceIsSymmetric(t *testing.T) {
	for _, angle := range []string{"179", "179.5", "180", "180.5", "181"} {
		src := variant(map[int]string{9: `corner "South Bend" right stops=2 angle=` + angle + ` radius=3 id=south`})
		_, err := tracks.Load("base.track", []byte(src))
		assert.NoError(t, err, "south bend of %s°", angle)
	}
}
