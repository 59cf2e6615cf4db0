// Package phrase holds language-neutral phrases: what a rule says to a
// player (an option's wear, its risk, why it eliminates the car) as a key
// and its arguments, never as text. The engine writes phrases; one catalog
// outside the engine (package phrasebook) renders them in English and in
// French, for replies, mails, Discord posts and boards alike.
//
// phrase imports nothing of Pitwall's and nothing that does I/O
// (.ci/check-imports.sh): it is a leaf every rules package may use.
package phrase
