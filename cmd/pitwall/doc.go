// Command pitwall is the one binary of Pitwall: it wires the packages
// together behind a command line (kong) and holds no game logic. It is the
// only package that may import every other one, and the only one that
// reads files, flags and environment variables for the others.
package main
