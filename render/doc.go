// Package render draws Pitwall's boards as PNG images: the bare circuit
// (Renderer.Track), and a game after any play on top of it
// (Renderer.Board, and Renderer.Crop for a phone) — cars in their team
// colours, the paths of the last round and play, the lettered options open
// to the player with their costs, the dashboard (gear, wear points against
// the start values, tyres, laps, status) and the dice that were rolled.
//
// The images are what players read on Discord and in mails, so they are
// drawn for reading: 1600 pixels wide by default (800 at least, for a web
// page's narrower column), text of 14 pixels or more at 1600; the crop can
// be drawn for a phone's width in CSS pixels (BoardOptions.Screen: text of
// 13 CSS pixels or more, at one, two or three pixels to a CSS pixel);
// a colour-blind-safe palette (Okabe–Ito accents over muted greys and
// greens) and every marking of the printed boards (corner stops in a yellow
// box, grid slots, pit lane and boxes, start/finish line) as data drawn from
// the track model, never from a bitmap.
//
// Output is deterministic: the same circuit and options give the same
// pixels and the same PNG bytes (EncodePNG quantizes to a 256-colour
// palette by a fixed, order-independent rule and compresses with
// png.BestSpeed; see shared/design.md §3). BoardPNG encodes a board
// from its circuit's layer, quantized and compressed once per circuit,
// width and language, with its own palette rule (board_encode.go) and
// its own deflate writer for the rows drawn afresh (board_deflate.go):
// deterministic too.
//
// Racing Simulator has its own drawings: the circuit (RSCircuitPNG,
// rscircuit.go) and the boards after every turn (RSBoard and RSCrop,
// rsboard.go and rscrop.go), drawn only from engine/rs's BoardView so
// that no sealed order and no other seat's hand can reach an image.
// The duels of the side events AX-1 and AX-4 (engine/duel) have theirs
// (DuelBoard, duelboard.go): the straight, both cars, the last tick told;
// never a sealed order; and their phone view (DuelCrop, duelcrop.go): the
// squares around the cars only, sized for a phone as the crops are.
//
// A caller serving several games hands GameBoardPNG the game as it serves
// it (engine.Game) and a reader named as the contract names readers;
// render chooses the drawer by the game (game_board.go).
//
// Imports: of ours, only tracks and engine (its tests also use internal/cvd;
// shared/design.md §1, checked by
// .ci/check-imports.sh). The package does no I/O except writing to the
// io.Writer it is given: no files, no network, no clock, no persistence,
// bot or transport packages. A Renderer holds only read-only parsed fonts
// and is safe for concurrent use.
package render
