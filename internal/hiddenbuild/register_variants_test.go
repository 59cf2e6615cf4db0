package hiddenbuild

// The tests simulate 5-D's hidden builds: link in the league variants'
// package (engine/fd/variants), whose files register themselves by id with
// engine/fd's variants table (the programs that call this package link it
// through bot).
import _ "github.com/pitwall/pitwall/engine/fd/variants"
