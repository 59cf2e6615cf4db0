package dice_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// chi2Crit001 holds the chi-square critical values at p = 0.001, indexed
// by degrees of freedom (1..29); from the regularised incomplete gamma
// function, matching the usual printed tables.
var chi2Crit001 = [...]float64{
	1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515,
	6: 22.458, 7: 24.322, 8: 26.124, 9: 27.877, 10: 29.588,
	11: 31.264, 12: 32.909, 13: 34.528, 14: 36.123, 15: 37.697,
	16: 39.252, 17: 40.790, 18: 42.312, 19: 43.820, 20: 45.315,
	21: 46.797, 22: 48.268, 23: 49.728, 24: 51.179, 25: 52.620,
	26: 54.052, 27: 55.476, 28: 56.892, 29: 58.301,
}

// chiSquare returns the statistic of observed counts against expected
// probabilities, and the degrees of freedom (categories - 1).
func chiSquare(t testing.TB, observed []int, expected []float64) (stat float64, df int) {
	t.Helper()
	require.Len(t, observed, len(expected))
	total := 0
	for _, o := range observed {
		total += o
	}
	for i, o := range observed {
		e := expected[i] * float64(total)
		require.Greater(t, e, 5.0, "too few samples for category %d", i)
		stat += (float64(o) - e) * (float64(o) - e) / e
	}
	return stat, len(observed) - 1
}

// assertFits fails when the counts are unlikely (p < 0.001) under the
// expected probabilities.
func assertFits(t testing.TB, observed []int, expected []float64, what string) {
	t.Helper()
	stat, df := chiSquare(t, observed, expected)
	require.Less(t, df, len(chi2Crit001), "no critical value for df=%d", df)
	t.Logf("%s: chi-square %.2f, df=%d, critical %.3f", what, stat, df, chi2Crit001[df])
	assert.Less(t, stat, chi2Crit001[df], "%s: chi-square %.2f with df=%d, counts %v", what, stat, df, observed)
}

// byValue groups a die's faces into distinct values and their
// probabilities: the d6 {2,3,3,4,4,4} gives 2, 3, 4 with 1/6, 2/6, 3/6.
func byValue(d dice.Die) (values []int, probs []float64) {
	values = slices.Clone(d.Faces)
	slices.Sort(values)
	values = slices.Compact(values)
	for _, v := range values {
		n := 0
		for _, f := range d.Faces {
			if f == v {
				n++
			}
		}
		probs = append(probs, float64(n)/float64(len(d.Faces)))
	}
	return values, probs
}

func uniform(n int) []float64 {
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	return p
}

// sample rolls d n times with the seeded source, on keys that differ by
// Counter, and counts face indexes.
func sample(t testing.TB, d dice.Die, n int) (byIndex []int, rolls []dice.Roll) {
	t.Helper()
	src := dice.NewSeeded(testSeed("chi-square " + d.Name))
	byIndex = make([]int, len(d.Faces))
	rolls = make([]dice.Roll, 0, n)
	for c := range n {
		r, err := src.Roll(dice.Key{Game: "chi", Play: 1, Car: 1, Purpose: "gear", Counter: c}, d)
		require.NoError(t, err)
		require.Equal(t, d.Faces[r.Index], r.Value)
		byIndex[r.Index]++
		rolls = append(rolls, r)
	}
	return byIndex, rolls
}

const chiRolls = 60000

// Each default die, by value, against T-01b's odds, and by raw face index
// against uniform.
func TestSeededDistribution(t *testing.T) {
	for _, d := range dice.DefaultSet().Dice() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			byIndex, rolls := sample(t, d, chiRolls)
			values, probs := byValue(d)
			counts := make([]int, len(values))
			for _, r := range rolls {
				counts[slices.Index(values, r.Value)]++
			}
			assertFits(t, counts, probs, d.Name+" by value")
			assertFits(t, byIndex, uniform(len(d.Faces)), d.Name+" by index")
		})
	}
}

// A die whose face count is not a power of two: the case where a bare % n
// would be biased and rejection sampling matters.
func TestSeededThreeFacesUniform(t *testing.T) {
	d := dice.Die{Name: "d3", Faces: []int{1, 2, 3}}
	byIndex, _ := sample(t, d, chiRolls)
	assertFits(t, byIndex, uniform(3), "d3 by index")
}

// The test has teeth: counts 3% off on one of three faces, at this sample
// size, are rejected.
func TestChiSquareDetectsBias(t *testing.T) {
	biased := []int{20600, 19700, 19700}
	stat, df := chiSquare(t, biased, uniform(3))
	assert.Greater(t, stat, chi2Crit001[df])

	d6 := dice.DefaultSet().Gears[1]
	_, probs := byValue(d6)
	assert.Equal(t, []float64{1.0 / 6, 2.0 / 6, 3.0 / 6}, probs)
	// A fair-looking 1/3 each for the d6 values is far from T-01b.
	stat, df = chiSquare(t, []int{20000, 20000, 20000}, probs)
	assert.Greater(t, stat, chi2Crit001[df])
}
