package fd

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
)

// The d20s of session 1's running order (1-A's unranked cars, a
// drawnRunningOrder): the base rolls them (fdr's setup asks
// DrawRunningOrder) and a position says them (position.go's
// order-draws=), so the rolls and their text are the base's.

// drawRunningOrder rolls the d20s of session 1's running order (1-A's
// unranked cars), once, before the order is told.
func (g *Game) drawRunningOrder(src dice.Source) error {
	d, ok := g.hooks.running.(drawnRunningOrder)
	if !ok || !g.RunningOrderDrawsDue() {
		return nil
	}
	draws := map[int]int{}
	g.KeepRunningOrderDraws(draws) // kept first, filled as rolled: as far as it got if a roll fails
	for _, n := range d.Draws(carNumbers(len(g.Cars))) {
		v, err := g.black(src, n, "running-order")
		if err != nil {
			return err
		}
		draws[n] = v
	}
	return nil
}

// joinDraws writes session 1's running-order d20s as a position says them
// (order-draws=car:d20,…), by car number.
func joinDraws(draws map[int]int) string {
	parts := make([]string, 0, len(draws))
	for _, n := range slices.Sorted(maps.Keys(draws)) {
		parts = append(parts, strconv.Itoa(n)+":"+strconv.Itoa(draws[n]))
	}
	return strings.Join(parts, ",")
}

// parseDraws reads order-draws=car:d20,…: each car once, a d20's face.
func parseDraws(v string) (map[int]int, error) {
	draws := map[int]int{}
	for _, part := range strings.Split(v, ",") {
		car, face, ok := strings.Cut(part, ":")
		n, errCar := strconv.Atoi(car)
		d, errFace := strconv.Atoi(face)
		if !ok || errCar != nil || errFace != nil || n < 1 || n > MaxCars || d < 1 || d > 20 || strconv.Itoa(n) != car || strconv.Itoa(d) != face {
			return nil, fmt.Errorf("position: order-draws=%q: car:d20 pairs separated by commas, a car 1 to %d and a d20 1 to 20 (league 1-A)", v, MaxCars)
		}
		if _, twice := draws[n]; twice {
			return nil, fmt.Errorf("position: order-draws=%q gives car %d twice (league 1-A)", v, n)
		}
		draws[n] = d
	}
	return draws, nil
}
