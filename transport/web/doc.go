// Package web is the web page of `pitwall serve`: the games on the server
// (/), a game's page (/g/ID) with its board, who must act and by when,
// the log in words, the results and the history play by play, kept up to
// date by server-sent events; and, through a player's personal link (a
// secret token), buttons of the legal options that order through the
// same command path as mail and Discord (bot.Service.WebHandle).
//
// A league's page (/l/ID) shows its calendar, standings, each raced
// event's classification linked to its game, and the standings image
// drawn by the bot.StandingsRenderer that cmd wires (Config.Standings).
//
// It imports bot only (transport/... may import bot and transport). The
// board is the PNG the other transports attach, drawn by the
// bot.BoardRenderer that cmd wires, at the width the page asks for
// (bot.SizedRenderer: 800-1600 px, or the crop drawn for a 390 px phone).
// Its tests check the palette with internal/cvd. Pages are server-side html/template
// with a little JavaScript (no build step); every state change is a POST
// with a CSRF field; responses carry a strict Content-Security-Policy.
package web
