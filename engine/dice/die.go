package dice

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Limits on a die. They bound what a record header can make us allocate;
// real dice are far below them.
const (
	MaxFaces     = 1024 // faces on one die
	MaxFaceValue = 1000 // largest face value
	MaxNameLen   = 16   // bytes in a die name
)

// NumGears is the number of gears, each with its own die (R-GEAR-01).
const NumGears = 6

// ErrInvalidDie and ErrInvalidSet are wrapped by every error about a
// malformed die or set, from Validate or from parsing.
var (
	ErrInvalidDie = errors.New("invalid die")
	ErrInvalidSet = errors.New("invalid dice set")
)

// Die is a die as data: a name and its faces. A roll picks a face index
// uniformly in [0, len(Faces)); the value rolled is Faces[index]. Repeated
// values give the non-uniform gear dice of T-01b.
//
// The name identifies the die in rolls and records and is part of the
// seeded roll's input. Treat Faces as read-only once the die is in use.
type Die struct {
	Name  string
	Faces []int
}

// Min returns the smallest face value, or 0 for a die without faces.
func (d Die) Min() int {
	if len(d.Faces) == 0 {
		return 0
	}
	return slices.Min(d.Faces)
}

// Max returns the largest face value, or 0 for a die without faces.
// R-ENG-01 tests the raw maximum face of the 5th and 6th gear dice.
func (d Die) Max() int {
	if len(d.Faces) == 0 {
		return 0
	}
	return slices.Max(d.Faces)
}

// HasFace reports whether v is the value of at least one face.
func (d Die) HasFace(v int) bool { return slices.Contains(d.Faces, v) }

// IndexOf returns the first face index showing v, or -1.
func (d Die) IndexOf(v int) int { return slices.Index(d.Faces, v) }

// String formats the die as in a set header: "d4=1,1,2,2".
func (d Die) String() string {
	var b strings.Builder
	b.WriteString(d.Name)
	b.WriteByte('=')
	for i, f := range d.Faces {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(f))
	}
	return b.String()
}

// Validate checks the name (1 to MaxNameLen bytes of a-z, 0-9, '-' or '_',
// so it survives the text form) and the faces (1 to MaxFaces of them, each
// in 1..MaxFaceValue: a face is a distance or a black-die result, never 0).
func (d Die) Validate() error {
	if err := validName(d.Name); err != nil {
		return fmt.Errorf("dice: die %q: %w: %w", d.Name, ErrInvalidDie, err)
	}
	if len(d.Faces) == 0 {
		return fmt.Errorf("dice: die %q: %w: no faces", d.Name, ErrInvalidDie)
	}
	if len(d.Faces) > MaxFaces {
		return fmt.Errorf("dice: die %q: %w: %d faces, at most %d", d.Name, ErrInvalidDie, len(d.Faces), MaxFaces)
	}
	for i, f := range d.Faces {
		if f < 1 || f > MaxFaceValue {
			return fmt.Errorf("dice: die %q: %w: face %d is %d, want 1..%d", d.Name, ErrInvalidDie, i+1, f, MaxFaceValue)
		}
	}
	return nil
}

func validName(name string) error {
	if name == "" {
		return errors.New("empty name")
	}
	if len(name) > MaxNameLen {
		return fmt.Errorf("name longer than %d bytes", MaxNameLen)
	}
	for _, c := range []byte(name) {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return fmt.Errorf("name has %q; use a-z, 0-9, '-' or '_'", c)
		}
	}
	return nil
}

// Set is the dice of one game: one die per gear and the black die.
// Gears[0] is the 1st-gear die.
type Set struct {
	Gears [NumGears]Die
	Black Die
}

// DefaultSet returns the standard Formula D dice (formula-d-2008.md T-01b,
// R-GEAR-02, R-GEAR-03; AMB-01). Each call returns fresh slices.
func DefaultSet() Set {
	return Set{
		Gears: [NumGears]Die{
			{Name: "d4", Faces: []int{1, 1, 2, 2}},
			{Name: "d6", Faces: []int{2, 3, 3, 4, 4, 4}},
			{Name: "d8", Faces: []int{4, 5, 6, 6, 7, 7, 8, 8}},
			{Name: "d12", Faces: repeatRange(7, 12, 2)},
			{Name: "d20", Faces: repeatRange(11, 20, 2)},
			{Name: "d30", Faces: repeatRange(21, 30, 3)},
		},
		Black: Die{Name: "black", Faces: repeatRange(1, 20, 1)},
	}
}

// repeatRange lists lo..hi with each value n times in a row, as T-01b
// writes the faces (7,7,8,8,…).
func repeatRange(lo, hi, n int) []int {
	faces := make([]int, 0, (hi-lo+1)*n)
	for v := lo; v <= hi; v++ {
		for range n {
			faces = append(faces, v)
		}
	}
	return faces
}

// Gear returns the die of gear g (1..6).
func (s Set) Gear(g int) (Die, error) {
	if g < 1 || g > NumGears {
		return Die{}, noGear(g)
	}
	return s.Gears[g-1], nil
}

// noGear is Gear's error, apart so that Gear stays small enough to inline:
// called through a Set inside a game's Config, an inlined Gear copies one
// die instead of the whole Set (issue 14: the autopilot asks for a gear's
// die several times a decision).
func noGear(g int) error {
	return fmt.Errorf("dice: no gear %d; gears are 1..%d", g, NumGears)
}

// Dice returns the seven dice in header order: gears 1..6, then black.
func (s Set) Dice() []Die {
	return append(s.Gears[:], s.Black)
}

// Lookup returns the die with the given name, as a Roll names it.
func (s Set) Lookup(name string) (Die, bool) {
	for _, d := range s.Dice() {
		if d.Name == name {
			return d, true
		}
	}
	return Die{}, false
}

// Validate checks every die, that the seven names are distinct (a roll
// names its die), and that the gear dice never get slower: the max face of
// gear g+1 is at least that of gear g (T-01: ranges rise with the gear).
func (s Set) Validate() error {
	seen := make(map[string]string, NumGears+1)
	for i, d := range s.Dice() {
		role := "black die"
		if i < NumGears {
			role = fmt.Sprintf("gear %d die", i+1)
		}
		if err := d.Validate(); err != nil {
			return fmt.Errorf("dice: set: %s: %w: %w", role, ErrInvalidSet, err)
		}
		if other, dup := seen[d.Name]; dup {
			return fmt.Errorf("dice: set: %w: %s and %s are both named %q", ErrInvalidSet, other, role, d.Name)
		}
		seen[d.Name] = role
	}
	for g := 1; g < NumGears; g++ {
		lo, hi := s.Gears[g-1], s.Gears[g]
		if hi.Max() < lo.Max() {
			return fmt.Errorf("dice: set: %w: gear %d die %q tops out at %d, below gear %d die %q at %d",
				ErrInvalidSet, g+1, hi.Name, hi.Max(), g, lo.Name, lo.Max())
		}
	}
	return nil
}

// String formats the set in the text form read by ParseSet.
func (s Set) String() string {
	parts := make([]string, 0, NumGears+1)
	for _, d := range s.Dice() {
		parts = append(parts, d.String())
	}
	return strings.Join(parts, " ")
}

// MarshalText implements encoding.TextMarshaler with the ParseSet form.
func (s Set) MarshalText() ([]byte, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return []byte(s.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseSet.
func (s *Set) UnmarshalText(text []byte) error {
	set, err := ParseSet(string(text))
	if err != nil {
		return err
	}
	*s = set
	return nil
}

// ParseSet reads a set from its text form, as a game record header carries
// a non-default set:
//
//	set  = die 6( sep die )     ; seven dice: gears 1..6, then the black die
//	sep  = 1*( SP / HTAB / CR / LF )  ; any run of white space
//	die  = name "=" face *( "," face )
//	name = 1*16( %x61-7A / DIGIT / "-" / "_" )  ; a-z 0-9 - _
//	face = 1*DIGIT              ; decimal, 1..MaxFaceValue
//
// There is no white space inside a die. The default set reads
//
//	d4=1,1,2,2 d6=2,3,3,4,4,4 d8=4,5,6,6,7,7,8,8 d12=7,7,8,8,…,12,12 d20=11,11,…,20,20 d30=21,21,21,…,30,30,30 black=1,2,…,20
//
// with every face written out. The result is validated (Set.Validate).
func ParseSet(text string) (Set, error) {
	fields := strings.Fields(text)
	if len(fields) != NumGears+1 {
		return Set{}, fmt.Errorf("dice: set: %w: %d dice, want %d (gears 1..%d, then the black die)",
			ErrInvalidSet, len(fields), NumGears+1, NumGears)
	}
	var s Set
	for i, f := range fields {
		d, err := ParseDie(f)
		if err != nil {
			return Set{}, fmt.Errorf("dice: set: die %d of %d: %w: %w", i+1, NumGears+1, ErrInvalidSet, err)
		}
		if i < NumGears {
			s.Gears[i] = d
		} else {
			s.Black = d
		}
	}
	if err := s.Validate(); err != nil {
		return Set{}, err
	}
	return s, nil
}

// ParseDie reads one die, "name=face,face,…" (see ParseSet), and validates it.
func ParseDie(text string) (Die, error) {
	name, list, ok := strings.Cut(text, "=")
	if !ok {
		return Die{}, fmt.Errorf("dice: die %q: %w: want name=face,face,…", text, ErrInvalidDie)
	}
	if err := validName(name); err != nil {
		return Die{}, fmt.Errorf("dice: die %q: %w: %w", text, ErrInvalidDie, err)
	}
	if list == "" {
		return Die{}, fmt.Errorf("dice: die %q: %w: no faces after '='", name, ErrInvalidDie)
	}
	d := Die{Name: name}
	for i, f := range strings.Split(list, ",") {
		if len(d.Faces) == MaxFaces {
			return Die{}, fmt.Errorf("dice: die %q: %w: more than %d faces", name, ErrInvalidDie, MaxFaces)
		}
		v, err := parseFace(f)
		if err != nil {
			return Die{}, fmt.Errorf("dice: die %q: %w: face %d %q: %w", name, ErrInvalidDie, i+1, f, err)
		}
		d.Faces = append(d.Faces, v)
	}
	return d, d.Validate()
}

// parseFace accepts plain decimal digits only: no sign, no spaces, no
// base prefix, so every header has one reading.
func parseFace(s string) (int, error) {
	if s == "" {
		return 0, errors.New("empty")
	}
	v := 0
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, errors.New("not a decimal number")
		}
		v = v*10 + int(c-'0')
		if v > MaxFaceValue {
			return 0, fmt.Errorf("above %d", MaxFaceValue)
		}
	}
	if v == 0 {
		return 0, errors.New("faces start at 1")
	}
	return v, nil
}
