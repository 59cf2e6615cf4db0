// Package cvd checks that colours stay apart for readers with the common
// colour-vision deficiencies: it simulates protanopia, deuteranopia and
// tritanopia (the severity-1.0 matrices of Machado, Oliveira and
// Fernandes 2009, applied in linear sRGB), measures colour differences
// with CIEDE2000 and text contrast as WCAG 2 defines it.
//
// It is for tests (render's board colours, the web page's palette): pure
// functions, no I/O. It owns the colour-vision simulation and the
// colour-difference and contrast measures, and must import no Pitwall
// package (.ci/check-imports.sh): render's and transport/web's tests
// import it, and an import back would make a cycle.
package cvd
