package main

import (
	"io"
	"os"
	"strings"
	"time"
)

// env is what every command gets: where to write. Tests give buffers.
type env struct {
	stdout, stderr io.Writer
	db             string // the --db flag
	// publicURL is --public-url (PITWALL_PUBLIC_URL); httpAddr is where
	// serve's web page listens (--http, PITWALL_HTTP), for personal links
	// when there is no public URL.
	publicURL, httpAddr string
	// --lease-ttl, --lease-idle and --claim-hold (zero: bot's defaults)
	leaseTTL, leaseIdle, claimHold time.Duration
}

// dbPath is --db, or pitwall.db in the working directory.
func (e *env) dbPath() string {
	if e.db == "" {
		return "pitwall.db"
	}
	return e.db
}

// defaultHTTP is where serve's web page listens unless told otherwise.
const defaultHTTP = "localhost:8080"

// localURL is the web page's own address: serve's --http, else
// PITWALL_HTTP, else localhost:8080 ("" when the page is off).
func (e *env) localURL() string {
	addr := e.httpAddr
	if addr == "" {
		addr = os.Getenv("PITWALL_HTTP")
	}
	if addr == "" {
		addr = defaultHTTP
	}
	if addr == "off" {
		return ""
	}
	if strings.HasPrefix(addr, ":") {
		addr = "localhost" + addr
	}
	return "http://" + addr
}
