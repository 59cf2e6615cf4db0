package decks

// WetHouse is the Pitwall house deck of race events on a wet track
// ("Incident sous la pluie", 24 light-grey cards, humidity ≥ 3). The same
// kinds as the dry deck, harsher: half the deck is the blank Pluie vierge.
const WetHouse = `rs-deck 1
deck wet
name Pitwall house decks: wet-track events
card rain x12                              # Pluie vierge: nothing happens
card collision:retire/puncture-3
card collision:off-8/nose-3
card retire x2
card off-6 x2
card off-8
card puncture-3
card damage
card drive-through
card safety-car-6
card safety-car-8
`
