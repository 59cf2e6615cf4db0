package decks

// RandomCarHouse is the Pitwall house Voiture-Hasard deck (18 random-car
// cards, R-SET-06, §9.1d): one card per car, numbered 1–18 as Pitwall
// numbers cars, with its qualifying group (4 cars in group 1, 5 in group
// 2, 5 in group 3, 4 in group 4, as §9.1d gives) and its printed chrono,
// better in the better groups. Which car is in which group is not in the
// text (AMB-30).
const RandomCarHouse = `rs-deck 1
deck random-car
name Pitwall house decks: random cars
card car=1 group=1 chrono=.259
card car=2 group=1 chrono=.165
card car=3 group=1 chrono=.191
card car=4 group=1 chrono=.276
card car=5 group=2 chrono=.466
card car=6 group=2 chrono=.435
card car=7 group=2 chrono=.307
card car=8 group=2 chrono=.419
card car=9 group=2 chrono=.363
card car=10 group=3 chrono=.666
card car=11 group=3 chrono=.513
card car=12 group=3 chrono=.540
card car=13 group=3 chrono=.528
card car=14 group=3 chrono=.595
card car=15 group=4 chrono=.820
card car=16 group=4 chrono=.763
card car=17 group=4 chrono=.797
card car=18 group=4 chrono=.839
`
