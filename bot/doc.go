// Package bot is the application: players and their identities, games and
// seats, the command language (English and French, one parser for every
// transport), one goroutine per live game applying orders in order,
// deadlines, reminders, vacation and the autopilot, and the notifications
// every play causes. A live game is loaded from its latest snapshot and
// the record lines after it (snapshot.go), waits folded between its orders
// (fold.go), and is read by the Discord post from a recent view (views.go),
// so that no path that runs every play replays the whole record.
//
// bot may import engine, tracks and persistence. It reaches the renderer
// and the transports only through its own small interfaces, and it is the
// only package that reads the clock.
package bot
