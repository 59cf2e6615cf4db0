package fd

import (
	"fmt"
	"strconv"
)

// ev builds a line by key, as the engine did before its events were typed
// (issue 13). Only tests use it now, to write lines by hand (malformed
// ones among them); production code builds every line from its kind's
// struct, and with ev here the compiler holds it to that.
func ev(kind string, kv ...any) Event {
	e := Event{Kind: kind, Args: make([]Arg, 0, len(kv)/2)}
	for i := 0; i+1 < len(kv); i += 2 {
		e.Args = append(e.Args, Arg{argText(kv[i]), argText(kv[i+1])})
	}
	return e
}

// argText is fmt.Sprint, without its cost for the common types.
func argText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	}
	return fmt.Sprint(v)
}
