// Package discordtest is a fake Discord for tests: the REST calls the
// transport makes and the gateway over a websocket on localhost. It
// records every message, attachment and interaction reply, honours
// enforce_nonce (a repeated nonce returns the message already created),
// and can answer the next message post with a 429 or a 502.
//
// discordtest owns the fake's server side only. It must not import
// transport/discord nor any other Pitwall package (.ci/check-imports.sh):
// the transport's and cmd/pitwall's tests drive the real transport
// against it, so the fake knows Discord's wire format, not Pitwall's code.
package discordtest
