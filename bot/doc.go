// Package bot is the application: players and their identities, games and
// seats, the command language (English and French, one parser for every
// transport), one goroutine per live game applying orders in order,
// deadlines, reminders, vacation and the autopilot, and the notifications
// every play causes. A live game is loaded from its latest snapshot and
// the record lines after it (snapshot.go), waits folded between its orders
// (fold.go), and is read by the Discord post from a recent view (views.go),
// so that no path that runs every play replays the whole record.
//
// A game whose meta names another game (meta.Game: "rs", Racing
// Simulator) is served through the engine contract (engine.Game) by
// contract_game.go: Create, Handle, Fire, Show, Autoplay and Verify switch
// to it on the game's kind; such a game is rebuilt from its record for
// each command, and every text and board a seat is sent is built from the
// events its audience includes (secret orders and hands). rs_game.go is
// what is Racing Simulator's own there (setup, record, verify); its order
// words are command_rs.go.
//
// bot may import engine, tracks and persistence. It reaches the renderer
// and the transports only through its own small interfaces, and it is the
// only package that reads the clock.
package bot
