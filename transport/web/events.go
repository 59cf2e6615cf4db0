package web

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/pitwall/pitwall/bot"
)

// hub watches the games that open pages show: one goroutine per watched
// game reads its version every poll and tells each subscriber when it
// changes. Reading the store (not a hook in this process) lets a commit
// made by any process on the database — another serve, pitwall say —
// reach the pages.
type hub struct {
	svc  *bot.Service
	poll time.Duration

	mu    sync.Mutex
	games map[string]*watch
}

type watch struct {
	subs map[chan int64]struct{}
	stop context.CancelFunc
}

func newHub(svc *bot.Service, poll time.Duration) *hub {
	return &hub{svc: svc, poll: poll, games: map[string]*watch{}}
}

// subscribe returns a channel that receives the game's version whenever
// it changes (the latest only: a slow reader skips versions), and the
// function that ends the subscription.
func (h *hub) subscribe(game string, version int64) (<-chan int64, func()) {
	ch := make(chan int64, 1)
	h.mu.Lock()
	w := h.games[game]
	if w == nil {
		ctx, cancel := context.WithCancel(context.Background())
		w = &watch{subs: map[chan int64]struct{}{}, stop: cancel}
		h.games[game] = w
		go h.run(ctx, game, w, version)
	}
	w.subs[ch] = struct{}{}
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(w.subs, ch)
		if len(w.subs) == 0 && h.games[game] == w {
			delete(h.games, game)
			w.stop()
		}
	}
}

func (h *hub) run(ctx context.Context, game string, w *watch, last int64) {
	t := time.NewTicker(h.poll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		v, err := h.svc.GameVersion(ctx, game)
		if err != nil || v == last {
			continue
		}
		last = v
		h.mu.Lock()
		for ch := range w.subs {
			select {
			case <-ch: // drop the older version unread
			default:
			}
			ch <- v
		}
		h.mu.Unlock()
	}
}

// events is /g/ID/events: a server-sent event "version" with the game's
// version each time it changes. It carries nothing but that number: the
// page then fetches itself, as its reader may see it.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	lang := s.readerLang(r)
	if !validID(id) {
		s.fail(w, r, http.StatusNotFound, lang, msgNoGame)
		return
	}
	select {
	case s.streams <- struct{}{}:
		defer func() { <-s.streams }()
	default:
		w.Header().Set("Retry-After", "60")
		s.fail(w, r, http.StatusServiceUnavailable, lang, msgBusy)
		return
	}
	version, err := s.svc.GameVersion(r.Context(), id)
	if err != nil {
		if bot.IsUserError(err) {
			s.fail(w, r, http.StatusNotFound, lang, msgNoGame)
		} else {
			s.fail(w, r, http.StatusInternalServerError, lang, msgInternal)
		}
		return
	}
	rc := http.NewResponseController(w)
	// the server's read timeout would end the stream: it has no body
	_ = rc.SetReadDeadline(time.Time{})
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	ch, done := s.hub.subscribe(id, version)
	defer done()
	send := func(format string, a ...any) bool {
		// each write gets its own deadline: a client that stops reading
		// is dropped instead of holding the connection
		_ = rc.SetWriteDeadline(time.Now().Add(10 * time.Second))
		if _, err := fmt.Fprintf(w, format, a...); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if !send("retry: 2000\nevent: version\ndata: %d\n\n", version) {
		return
	}
	beat := time.NewTicker(s.cfg.Heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case v := <-ch:
			if !send("event: version\ndata: %d\n\n", v) {
				return
			}
		case <-beat.C:
			if !send(": still here\n\n") {
				return
			}
		}
	}
}
