package memory

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/storetest"
)

func TestConformance(t *testing.T) {
	storetest.Run(t, storetest.Backend{
		Open:   func(t *testing.T) persistence.Store { return New() },
		Tamper: tamper,
	})
}

// tamper damages a stored line behind the store's back.
func tamper(t *testing.T, ps persistence.Store, game string, seq int64, how storetest.Tampering) {
	s := ps.(*Store)
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.games[game]
	require.NotNil(t, g)
	i := int(seq - 1)
	require.Less(t, i, len(g.events))
	switch how {
	case storetest.EditLine:
		g.events[i].Line += " (edited)"
	case storetest.EditHash:
		h := slices.Clone(g.events[i].Hash)
		h[0] ^= 1
		g.events[i].Hash = h
	case storetest.DeleteLine:
		g.events = slices.Delete(g.events, i, i+1)
	}
}
