package decks

// ChronoRiskyHouse and ChronoCarefulHouse are the Pitwall house Chrono /
// Start / Pit decks (32 "Risqué" + 32 "Prudent" multi-use cards, §2.2,
// R-QB-03, R-GRID-02, R-PIT-03). Each card gives a qualifying time, a
// grid-start move (points and the system cars' direction: L, S or R) and a
// pit-stop time (green flag: squares; yellow flag: seconds, 0.3 s a
// square on the pit-lane board).
//
// What the digest fixes, and these decks respect: 2 penalty chronos in the
// risky deck and 1 in the careful one; 4 start incidents and 1 jump start
// among the 64 (all in the risky deck, as the digest presumes); pit
// incidents ("mecano") only in the risky deck; careful stops about 2 s
// slower on average (risky 1.9 squares, careful 3.9); the risky deck has
// the more extreme times, starts and stops.
const ChronoRiskyHouse = `rs-deck 1
deck chrono-risky
name Pitwall house decks: Chrono/Start/Pit, risky
card chrono=.000 start=10L pit=3 yellow=0.6
card chrono=.031 start=9S pit=1 yellow=1.5
card chrono=.058 start=3R pit=4 yellow=2.4
card chrono=.094 start=9L pit=0 yellow=1.2
card chrono=.120 start=9S pit=4 yellow=2.1
card chrono=.167 start=7R pit=0 yellow=0.9
card chrono=.203 start=incident pit=1 yellow=1.8
card chrono=.248 start=10S pit=3 yellow=0.6
card chrono=.281 start=incident pit=2 yellow=1.5
card chrono=.330 start=3L pit=1 yellow=2.4
card chrono=.362 start=5S pit=2 yellow=1.2
card chrono=.415 start=8R pit=0 yellow=2.1
card chrono=.447 start=4L pit=4 yellow=0.9
card chrono=.489 start=9S pit=2 yellow=1.8
card chrono=.521 start=jump pit=2 yellow=0.6
card chrono=.566 start=8L pit=mecano yellow=-
card chrono=.604 start=7S pit=1 yellow=2.4
card chrono=.652 start=4R pit=3 yellow=1.2
card chrono=.688 start=incident pit=mecano yellow=-
card chrono=.731 start=incident pit=1 yellow=0.9
card chrono=.770 start=4R pit=4 yellow=1.8
card chrono=.812 start=6L pit=1 yellow=0.6
card chrono=.845 start=10S pit=3 yellow=1.5
card chrono=.889 start=10R pit=2 yellow=2.4
card chrono=.921 start=8L pit=3 yellow=1.2
card chrono=.958 start=10S pit=3 yellow=2.1
card chrono=.975 start=3R pit=2 yellow=0.9
card chrono=.999 start=3L pit=2 yellow=1.8
card chrono=penalty start=6S pit=0 yellow=0.6
card chrono=penalty start=5R pit=2 yellow=1.5
card chrono=.143 start=10L pit=1 yellow=2.4
card chrono=.706 start=5S pit=0 yellow=1.2
`

// ChronoCarefulHouse: see ChronoRiskyHouse.
const ChronoCarefulHouse = `rs-deck 1
deck chrono-careful
name Pitwall house decks: Chrono/Start/Pit, careful
card chrono=.672 start=5S pit=4 yellow=1.2
card chrono=.418 start=8R pit=5 yellow=1.5
card chrono=.721 start=8L pit=4 yellow=1.8
card chrono=.703 start=6S pit=4 yellow=2.1
card chrono=.688 start=7R pit=4 yellow=2.4
card chrono=.512 start=8L pit=5 yellow=1.2
card chrono=.486 start=5S pit=3 yellow=1.5
card chrono=.571 start=7R pit=4 yellow=1.8
card chrono=.301 start=6L pit=3 yellow=2.1
card chrono=penalty start=7S pit=3 yellow=2.4
card chrono=.539 start=7R pit=5 yellow=1.2
card chrono=.627 start=6L pit=5 yellow=1.5
card chrono=.389 start=7S pit=5 yellow=1.8
card chrono=.641 start=5R pit=4 yellow=2.1
card chrono=.367 start=6L pit=4 yellow=2.4
card chrono=.433 start=7S pit=4 yellow=1.2
card chrono=.556 start=6R pit=3 yellow=1.5
card chrono=.548 start=8L pit=4 yellow=1.8
card chrono=.744 start=6S pit=3 yellow=2.1
card chrono=.527 start=8R pit=4 yellow=2.4
card chrono=.495 start=8L pit=3 yellow=1.2
card chrono=.598 start=7S pit=4 yellow=1.5
card chrono=.447 start=6R pit=5 yellow=1.8
card chrono=.458 start=6L pit=3 yellow=2.1
card chrono=.612 start=5S pit=3 yellow=2.4
card chrono=.348 start=8R pit=4 yellow=1.2
card chrono=.503 start=5L pit=4 yellow=1.5
card chrono=.402 start=6S pit=4 yellow=1.8
card chrono=.322 start=5R pit=5 yellow=2.1
card chrono=.471 start=7L pit=3 yellow=2.4
card chrono=.656 start=7S pit=4 yellow=1.2
card chrono=.584 start=7R pit=4 yellow=1.5
`
