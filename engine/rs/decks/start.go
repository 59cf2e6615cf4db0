package decks

// StartHouse is the Pitwall house deck of start incidents ("Incident au
// départ", 12 brown cards, R-GRID-08/09). The text lists the kinds, not
// the mix (AMB-30). A collision card names what the responsible car and
// the victim take (and a third car when there is one).
const StartHouse = `rs-deck 1
deck start
name Pitwall house decks: start incidents
card stall x2                          # stays on its grid square, blocks its lane
card collision:spin/puncture-2 x2      # responsible goes last; victim pits +2
card collision:retire/nose-3           # responsible retires; victim changes its nose +3
card retire
card drive-through                     # served at the end of turn 1
card stop-go-5                         # drive-through +5 squares
card spin x2                           # goes to the tail of the file
card puncture-2                        # a pit stop +2 squares, new tyres
card safety-car-4                      # 4 laps, halved and rounded up (R-SC-01)
`
