package fd

import (
	"strconv"
	"strings"
)

// The keys of the orders (issue 13): what a seat's order is when it
// reaches the race through Contract.Submit. bot's command language writes
// them (a gear by its number, a letter, a build by its numbers), the
// autopilot and the AI drivers' orders become them (KeyOf), and
// Contract.OrderFor reads them back.

// boostWord joins league 5-A's booster points to a build's key, in the
// command's own words: "config A boost 3" is the key "A boost 3".
const boostWord = " boost "

// BuildKey is the key of a configuration given by its numbers
// (O-BLD-01): "6/3/3/3/3/2", as "config 6/3/3/3/3/2" gives it.
func BuildKey(w Wear) string {
	parts := make([]string, len(w))
	for i, v := range w {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, "/")
}

// BoostKey is the key of a build (a preset's letter or BuildKey's
// numbers) made with n booster points (league 5-A, AMB-14): "A boost 3".
// A build said without them takes the variant's (Order.BoostersChosen).
func BoostKey(build string, n int) string {
	return build + boostWord + strconv.Itoa(n)
}

// cutBoostKey reads BoostKey's key back: the build's key and the points.
func cutBoostKey(key string) (build string, n int, ok bool) {
	build, num, found := strings.Cut(key, boostWord)
	if !found || build == "" {
		return "", 0, false
	}
	n, err := strconv.Atoi(num)
	if err != nil {
		return "", 0, false
	}
	return build, n, true
}

// KeyOf is the key that gives o through Contract.Submit: what OrderFor
// reads back as o, its Session aside (the car's pending decision tells
// it). The autopilot's orders, the deadline's defaults (TimeoutFor) and
// the AI drivers' (engine/ai) reach the race so.
func KeyOf(o Order) string {
	key := strconv.Itoa(o.Gear)
	switch {
	case o.Letter != "":
		key = o.Letter
	case o.Build != (Wear{}):
		key = BuildKey(o.Build)
	}
	if o.BoostersChosen {
		key = BoostKey(key, o.Boosters)
	}
	return key
}
