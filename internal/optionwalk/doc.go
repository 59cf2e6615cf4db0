// Package optionwalk plays seeded autopilot races of every ruleset (fd2008
// with and without its optional rules, fdr with qualifying and the built
// league variants, street races) and hands each decision that offers an
// option kind or a fact not met before to a visitor: the tests of bot
// (text) and render (boards) check through it that every fact of every
// option reaches players in English and in French.
//
// It is a test helper that lives outside _test files so that both
// packages' tests share one walk. It imports engine/... and tracks; nothing
// of Pitwall imports it but tests (internal/* is free under
// .ci/check-imports.sh).
package optionwalk
