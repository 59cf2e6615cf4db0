package main

import "io"

// env is what every command gets: where to write. Tests give buffers.
type env struct {
	stdout, stderr io.Writer
}
