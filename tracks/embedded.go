package tracks

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// circuitFiles holds the circuits shipped in the binary, one file per
// circuit named ID.track. It is read-only.
//
//go:embed circuits/*.track
var circuitFiles embed.FS

// IDs lists the embedded circuits, sorted.
func IDs() []string {
	entries, err := fs.ReadDir(circuitFiles, "circuits")
	if err != nil {
		panic(err) // the embedded directory always exists
	}
	var ids []string
	for _, e := range entries {
		if id, ok := strings.CutSuffix(e.Name(), ".track"); ok {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	return ids
}

// EmbeddedSource returns the text of an embedded circuit.
func EmbeddedSource(id string) ([]byte, error) {
	if !idPattern.MatchString(id) {
		return nil, fmt.Errorf("tracks: no circuit %q (known: %s)", id, strings.Join(IDs(), ", "))
	}
	b, err := circuitFiles.ReadFile(path.Join("circuits", id+".track"))
	if err != nil {
		return nil, fmt.Errorf("tracks: no circuit %q (known: %s)", id, strings.Join(IDs(), ", "))
	}
	return b, nil
}

// Get builds and validates an embedded circuit.
func Get(id string) (*Circuit, error) {
	src, err := EmbeddedSource(id)
	if err != nil {
		return nil, err
	}
	return Load(id+".track", src)
}
