package decks

// DryHouse is the Pitwall house deck of race events on a dry track
// ("Incident sur le sec", 72 light-blue cards, R-EVT-02/04). Nearly two thirds
// of the deck is the blank Soleil card, so a drawn event harms a car one
// time in three; retirements and safety cars are rare.
const DryHouse = `rs-deck 1
deck dry
name Pitwall house decks: dry-track events
card sun x46                               # nothing happens
card collision:retire/puncture-3 x2
card collision:off-6/nose-3 x2
card collision:nose-3/nose-3/off-4         # a third car is involved
card retire x3
card drive-through x2
card off-4 x3                              # drop back 4 squares
card off-6 x2
card puncture-3 x2                         # a pit stop +3 squares
card nose-3                                # a pit stop +3 squares
card repair-5                              # a pit stop +5 squares
card damage x3                             # -2 km/h to the end of the race
card safety-car-4 x2
card safety-car-6 x2
`
