// Package standings draws a league's standings as a PNG (issue 15): the
// drivers' and constructors' tables with each row's position, the places
// gained or lost with the last event, the name, the points and the last
// results, in English or French, for Discord posts and mails.
//
// It imports render (the PNG encoder) and engine/league (the rows) only;
// it does no I/O but writing to the io.Writer it is given, reads no clock,
// and draws the same pixels for the same table.
package standings
