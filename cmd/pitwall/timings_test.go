package main

import (
	"testing"
	"time"
)

// The lease timings of a shared database: what serve accepts.
func TestCheckTimings(t *testing.T) {
	for _, c := range []struct {
		ttl, idle, claim time.Duration
		ok               bool
	}{
		{0, 0, 0, true}, // the defaults: 10s and 500ms
		{time.Second, 20 * time.Millisecond, 0, true}, // the soak test's
		{2 * time.Second, 0, 3 * time.Second, true},   // idle 500ms under a 2s lease
		{time.Second, time.Second, 0, false},          // idle as long as the lease
		{400 * time.Millisecond, 0, 0, false},         // default idle 500ms over a 400ms lease
		{0, 20 * time.Second, 0, false},               // idle over the default 10s lease
		{-time.Second, 0, 0, false},                   // negative
		{0, 0, -time.Minute, false},                   // negative claim
	} {
		err := checkTimings(c.ttl, c.idle, c.claim)
		if (err == nil) != c.ok {
			t.Errorf("ttl %v idle %v claim %v: err %v, want ok=%v", c.ttl, c.idle, c.claim, err, c.ok)
		}
	}
}
