// Package discord connects the game service to Discord with discordgo:
// the /race slash command, one thread per race, every play posted from
// the outbox with the board attached and the acting player mentioned,
// and buttons or select menus carrying only the legal gears or options.
//
// It imports bot only (transport/... may import bot and transport).
// discordgo computes its endpoints into package variables at init: New
// reassigns them once when Config.API is set (a discordgo limitation), so
// one process talks to one Discord.
package discord
