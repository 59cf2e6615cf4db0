package rscircuit

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// files holds the circuits shipped in the binary, one ID.rstrack each.
//
//go:embed circuits/*.rstrack
var files embed.FS

// IDs lists the embedded circuits, sorted.
func IDs() []string {
	entries, err := fs.ReadDir(files, "circuits")
	if err != nil {
		panic(err) // the embedded directory always exists
	}
	var ids []string
	for _, e := range entries {
		if id, ok := strings.CutSuffix(e.Name(), ".rstrack"); ok {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	return ids
}

// Source returns the text of an embedded circuit.
func Source(id string) ([]byte, error) {
	if !idPattern.MatchString(id) {
		return nil, fmt.Errorf("rscircuit: no circuit %q (known: %s)", id, strings.Join(IDs(), ", "))
	}
	b, err := files.ReadFile(path.Join("circuits", id+".rstrack"))
	if err != nil {
		return nil, fmt.Errorf("rscircuit: no circuit %q (known: %s)", id, strings.Join(IDs(), ", "))
	}
	return b, nil
}

// Get parses an embedded circuit.
func Get(id string) (*Circuit, error) {
	b, err := Source(id)
	if err != nil {
		return nil, err
	}
	return Parse(id+".rstrack", b)
}
