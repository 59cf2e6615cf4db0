package decks

// PitHouse is the Pitwall house deck of pit incidents ("Incident au
// stand", 15 light-green cards, R-PIT-05/06), drawn after a lollipop-man
// error. The text names two kinds: a drive-through and a time loss of
// +5 s.
const PitHouse = `rs-deck 1
deck pit
name Pitwall house decks: pit incidents
card drive-through x5     # served at once (after the restart under a safety car)
card time-5 x10           # +5 squares to the stop
`
