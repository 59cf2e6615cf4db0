// Package chain checks a record's hash chain line by line; the backends
// share it so that VerifyChain means the same everywhere.
//
// It imports nothing of Pitwall's.
package chain
