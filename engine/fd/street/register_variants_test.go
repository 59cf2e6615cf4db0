package street

// A position of any game lists the league variants' slots in their order
// (engine/fd's position.go), so street's tests, which read positions, link
// in the variants' package (engine/fd/variants), whose files register
// their slots and their variants by id; street names nothing of it.
import _ "github.com/pitwall/pitwall/engine/fd/variants"
