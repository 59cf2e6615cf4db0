// Package pgtest gives tests a PostgreSQL database of their own: a fresh
// schema in the server named by PITWALL_TEST_POSTGRES, dropped when the
// test ends.
//
// When the variable is unset the test is skipped with a message saying how
// to run it; under CI (CI=true) it fails instead, so that a CI without
// PostgreSQL cannot pass by skipping. .ci/postgres.sh starts a throwaway
// cluster and prints the variable.
//
// It imports only persistence/... of Pitwall's packages.
package pgtest
