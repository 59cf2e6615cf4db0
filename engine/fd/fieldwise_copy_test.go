package fd

import (
	"reflect"
	"testing"

	"github.com/pitwall/pitwall/tracks"
)

// emit appends an Event field by field and candidate.swap exchanges two
// candidates field by field, to keep their copies off the collector's bulk
// write barrier (issue 14). A field added to either type would be dropped
// silently by them: this test names the fields they copy, so that adding
// one fails here until the copy is taught it.
func TestFieldwiseCopiesKnowEveryField(t *testing.T) {
	for _, c := range []struct {
		typ    reflect.Type
		copies []string
		where  string
	}{
		{reflect.TypeFor[Event](), []string{"Kind", "Args"}, "Game.emit (game.go)"},
		{reflect.TypeFor[candidate](), []string{"steps", "p", "path"}, "candidate.swap (move.go)"},
	} {
		var fields []string
		for f := range c.typ.Fields() {
			fields = append(fields, f.Name)
		}
		if !reflect.DeepEqual(fields, c.copies) {
			t.Errorf("%s has the fields %v, %s copies %v: teach it the new ones", c.typ, fields, c.where, c.copies)
		}
	}
}

// The copies themselves: an emitted event is the event given, and a swap
// exchanges every field.
func TestFieldwiseCopiesCopyEveryField(t *testing.T) {
	var g Game
	e := Event{Kind: "roll", Args: []Arg{{Key: "car", Val: "1"}}}
	g.emit(e)
	if len(g.Events) != 1 || !reflect.DeepEqual(g.Events[0], e) {
		t.Errorf("emit recorded %+v, want %+v", g.Events, e)
	}
	pa, pb := &partial{}, &partial{}
	a := candidate{steps: 1, p: pa, path: []tracks.SpaceID{1}}
	b := candidate{steps: 2, p: pb, path: []tracks.SpaceID{2, 3}}
	wantA, wantB := b, a
	a.swap(&b)
	if !reflect.DeepEqual(a, wantA) || !reflect.DeepEqual(b, wantB) {
		t.Errorf("swap gave %+v and %+v, want %+v and %+v", a, b, wantA, wantB)
	}
}
