package hiddenbuild

// The tests simulate a competition-rules race (5-D's hidden builds sit on
// fdr): link in the fdr rules module, which registers itself with
// engine/fd's rulesets table (the programs that call this package link it
// through bot).
import _ "github.com/pitwall/pitwall/engine/fd/fdr"
