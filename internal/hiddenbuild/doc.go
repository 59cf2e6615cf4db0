// Package hiddenbuild says what league variant 5-D (hidden configuration)
// keeps from the other seats while a car races: the strings of its build
// as the record writes it and as the told record says it in English and
// French. The leak tests of bot and of the transports (mail, web) look
// for these same strings in what each reader receives.
//
// It is a test helper that lives outside _test files so that the tests of
// several packages share it (as internal/optionwalk). It imports
// engine/fd, internal/phrasebook, persistence and tracks; nothing of
// Pitwall imports it but tests (internal/* is free under
// .ci/check-imports.sh).
package hiddenbuild
