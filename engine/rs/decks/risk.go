package decks

// RiskHouse is the Pitwall house deck of risk incidents ("Incident sur
// prise de risque", 24 cards, racing-simulator.md §2.2, R-RSK-04,
// R-FAM-10). The text gives the count and the three kinds of card but not
// the mix (AMB-30); Pitwall's mix keeps half the deck harmless, so that a
// risk taken on a bad red die costs something half the time, and makes the
// lasting damage the rarest result.
const RiskHouse = `rs-deck 1
deck risk
name Pitwall house decks: risk incidents
# Soleil: nothing happens
card sun x12
# Sortie de piste: drop back n squares (R-POS-05)
card off-1 x2
card off-2 x3
card off-3 x3
# Voiture lente: -2 km/h (family: to the end; standard: until a nose change)
card slow x4
`
