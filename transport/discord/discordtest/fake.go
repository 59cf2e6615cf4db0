package discordtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Component is a message component as posted: an action row with its
// components, a button or a select menu.
type Component struct {
	Type        int            `json:"type"`
	CustomID    string         `json:"custom_id,omitempty"`
	Label       string         `json:"label,omitempty"`
	Placeholder string         `json:"placeholder,omitempty"`
	Options     []SelectOption `json:"options,omitempty"`
	Components  []Component    `json:"components,omitempty"`
}

// SelectOption is one entry of a select menu.
type SelectOption struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// File is an attachment.
type File struct {
	Name string
	Data []byte
}

// Message is a message the bot created.
type Message struct {
	ID, ChannelID, Content, Nonce string
	EnforceNonce                  bool
	Components                    []Component // action rows
	Files                         []File
	MentionUsers                  []string // allowed_mentions.users
	Edits                         int      // times its components were replaced
}

// Buttons lists the message's buttons and select menus (not the rows).
func (m Message) Buttons() []Component {
	var out []Component
	for _, row := range m.Components {
		out = append(out, row.Components...)
	}
	return out
}

// Reply is what the bot answered to one interaction.
type Reply struct {
	AckType  int           // the callback's type (5: deferred message)
	AckFlags int           // 64: ephemeral
	AckAfter time.Duration // from dispatch to the callback
	Content  string        // the edited original response
	Files    []File
	// Components are the reply's action rows (an ephemeral menu), and
	// Message the reply as a message its components may be pressed on.
	Components []Component
	Message    Message
	Choices    []SelectOption // autocomplete answers (name, value)
	done       chan struct{}
	closed     bool
	channel    string
}

// Fake is the fake Discord.
type Fake struct {
	AppID  string
	URL    string // base URL, for PITWALL_DISCORD_API
	server *httptest.Server

	mu          sync.Mutex
	next        int64
	messages    []*Message
	nonces      map[string]*Message // channel|nonce
	threads     map[string]string   // thread → parent
	threadNames map[string]string   // thread → name
	commands    []json.RawMessage
	commandPath string
	replies     map[string]*Reply // by interaction token
	sent        map[string]time.Time
	faults      []int
	ackFaults   []int
	postCalls   int
	conn        *websocket.Conn
	gateways    int // gateway connections identified and still open
	mostOpen    int // the most ever open at once
	identified  int // gateway connections ever identified
	wmu         sync.Mutex
	seq         int
	ready       chan struct{}
}

// New starts a fake Discord on localhost.
func New(appID string) *Fake {
	f := &Fake{AppID: appID, nonces: map[string]*Message{}, threads: map[string]string{}, threadNames: map[string]string{}, replies: map[string]*Reply{},
		sent: map[string]time.Time{}, ready: make(chan struct{})}
	f.server = httptest.NewServer(http.HandlerFunc(f.serve))
	f.URL = f.server.URL
	return f
}

// Close stops the fake.
func (f *Fake) Close() {
	f.wmu.Lock()
	if f.conn != nil {
		f.conn.Close()
	}
	f.wmu.Unlock()
	f.server.CloseClientConnections()
	f.server.Close()
}

func (f *Fake) id() string {
	f.next++
	return fmt.Sprint(100000 + f.next)
}

// FailNextPosts makes the next message posts fail with these statuses in
// turn: 429 (rate limited, nothing created) or 502 (the message IS
// created, the answer is lost: a client that retries without a nonce
// posts twice).
func (f *Fake) FailNextPosts(status ...int) {
	f.mu.Lock()
	f.faults = append(f.faults, status...)
	f.mu.Unlock()
}

// FailNextCallbacks makes the next interaction callbacks take effect and
// then answer with these statuses (e.g. 502: the acknowledgement went
// through, its answer was lost).
func (f *Fake) FailNextCallbacks(status ...int) {
	f.mu.Lock()
	f.ackFaults = append(f.ackFaults, status...)
	f.mu.Unlock()
}

// PostCalls counts message-create requests, retries included.
func (f *Fake) PostCalls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.postCalls
}

// Messages lists the messages of a channel (all channels when empty), in
// order.
func (f *Fake) Messages(channel string) []Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Message
	for _, m := range f.messages {
		if channel == "" || m.ChannelID == channel {
			out = append(out, *m)
		}
	}
	return out
}

// WaitMessages waits until a channel holds at least n messages.
func (f *Fake) WaitMessages(ctx context.Context, channel string, n int) ([]Message, error) {
	for {
		if ms := f.Messages(channel); len(ms) >= n {
			return ms, nil
		}
		select {
		case <-ctx.Done():
			return f.Messages(channel), fmt.Errorf("waiting for %d messages in %s: %w", n, channel, ctx.Err())
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// Threads maps each thread created to its parent channel.
func (f *Fake) Threads() map[string]string {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]string{}
	for k, v := range f.threads {
		out[k] = v
	}
	return out
}

// ThreadName is the name a thread was created with.
func (f *Fake) ThreadName(id string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.threadNames[id]
}

// Commands returns the registered application commands and the path they
// were registered at.
func (f *Fake) Commands() ([]json.RawMessage, string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.commands, f.commandPath
}

// WaitReady waits for the bot's gateway connection.
func (f *Fake) WaitReady(ctx context.Context) error {
	select {
	case <-f.ready:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// User is who interacts.
type User struct {
	ID, Name    string
	Locale      string // en-US by default
	Permissions int64  // e.g. 1<<5 Manage Server
	Roles       []string
}

// Option is a slash command option.
type Option struct {
	Name    string
	Type    int // 3 string, 4 integer, 5 boolean
	Value   any
	Focused bool
}

// Slash sends /race SUB with options from user in channel and waits for
// the reply (for autocomplete: the choices).
func (f *Fake) Slash(ctx context.Context, u User, channel, sub string, opts ...Option) (*Reply, error) {
	return f.slash(ctx, 2, u, channel, sub, opts)
}

// SlashCommand sends /COMMAND SUB (e.g. /league standings) as Slash sends
// /race SUB.
func (f *Fake) SlashCommand(ctx context.Context, u User, channel, command, sub string, opts ...Option) (*Reply, error) {
	var os []map[string]any
	for _, o := range opts {
		os = append(os, map[string]any{"name": o.Name, "type": o.Type, "value": o.Value})
	}
	data := map[string]any{"id": "cmd-" + command, "name": command, "type": 1,
		"options": []map[string]any{{"name": sub, "type": 1, "options": os}}}
	return f.interact(ctx, 2, u, channel, data, nil)
}

// Autocomplete asks for the choices of the focused option.
func (f *Fake) Autocomplete(ctx context.Context, u User, channel, sub string, opts ...Option) (*Reply, error) {
	return f.slash(ctx, 4, u, channel, sub, opts)
}

func (f *Fake) slash(ctx context.Context, typ int, u User, channel, sub string, opts []Option) (*Reply, error) {
	var os []map[string]any
	for _, o := range opts {
		m := map[string]any{"name": o.Name, "type": o.Type, "value": o.Value}
		if o.Focused {
			m["focused"] = true
		}
		os = append(os, m)
	}
	data := map[string]any{"id": "cmd-race", "name": "race", "type": 1,
		"options": []map[string]any{{"name": sub, "type": 1, "options": os}}}
	return f.interact(ctx, typ, u, channel, data, nil)
}

// Press presses a button of a message.
func (f *Fake) Press(ctx context.Context, u User, m Message, customID string) (*Reply, error) {
	return f.interact(ctx, 3, u, m.ChannelID, map[string]any{"custom_id": customID, "component_type": 2},
		map[string]any{"id": m.ID, "channel_id": m.ChannelID})
}

// Select picks a value in a select menu of a message.
func (f *Fake) Select(ctx context.Context, u User, m Message, customID, value string) (*Reply, error) {
	return f.interact(ctx, 3, u, m.ChannelID, map[string]any{"custom_id": customID, "component_type": 3, "values": []string{value}},
		map[string]any{"id": m.ID, "channel_id": m.ChannelID})
}

func (f *Fake) interact(ctx context.Context, typ int, u User, channel string, data, message map[string]any) (*Reply, error) {
	f.mu.Lock()
	id, token := f.id(), "tok"+f.id()
	r := &Reply{done: make(chan struct{}), channel: channel}
	f.replies[token] = r
	f.mu.Unlock()
	locale := u.Locale
	if locale == "" {
		locale = "en-US"
	}
	roles := u.Roles
	if roles == nil {
		roles = []string{}
	}
	in := map[string]any{"id": id, "application_id": f.AppID, "type": typ, "token": token, "version": 1,
		"guild_id": "guild-1", "channel_id": channel, "locale": locale, "data": data,
		"member": map[string]any{"user": map[string]any{"id": u.ID, "username": u.Name}, "permissions": fmt.Sprint(u.Permissions), "roles": roles}}
	if message != nil {
		in["message"] = message
	}
	f.mu.Lock()
	f.sent[token] = time.Now()
	f.mu.Unlock()
	if err := f.dispatch("INTERACTION_CREATE", in); err != nil {
		return nil, err
	}
	select {
	case <-r.done:
		f.mu.Lock()
		defer f.mu.Unlock()
		out := *r
		return &out, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("interaction %s (%v): no reply: %w", id, data, ctx.Err())
	}
}

func (f *Fake) dispatch(event string, d any) error {
	f.wmu.Lock()
	defer f.wmu.Unlock()
	if f.conn == nil {
		return errors.New("discordtest: the bot is not connected to the gateway")
	}
	f.seq++
	return f.conn.WriteJSON(map[string]any{"op": 0, "t": event, "s": f.seq, "d": d})
}

var upgrader = websocket.Upgrader{}

func (f *Fake) gateway(w http.ResponseWriter, r *http.Request) {
	c, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	write := func(v any) error {
		f.wmu.Lock()
		defer f.wmu.Unlock()
		return c.WriteJSON(v)
	}
	if write(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 41250}}) != nil {
		return
	}
	var identify struct {
		Op int `json:"op"`
	}
	// 2 identifies a new session, 6 resumes one after a drop.
	if err := c.ReadJSON(&identify); err != nil || (identify.Op != 2 && identify.Op != 6) {
		c.Close()
		return
	}
	f.mu.Lock()
	f.gateways++
	f.identified++
	f.mostOpen = max(f.mostOpen, f.gateways)
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.gateways--
		f.mu.Unlock()
	}()
	f.wmu.Lock()
	f.seq++
	if identify.Op == 6 {
		err = c.WriteJSON(map[string]any{"op": 0, "t": "RESUMED", "s": f.seq, "d": map[string]any{}})
	} else {
		err = c.WriteJSON(map[string]any{"op": 0, "t": "READY", "s": f.seq, "d": map[string]any{"v": 9, "session_id": "fake-session",
			"user": map[string]any{"id": "bot-1", "username": "pitwall", "bot": true}, "guilds": []any{}, "application": map[string]any{"id": f.AppID}}})
	}
	f.conn = c
	f.wmu.Unlock()
	if err != nil {
		return
	}
	select {
	case <-f.ready:
	default:
		close(f.ready)
	}
	for {
		var p struct {
			Op int `json:"op"`
		}
		if err := c.ReadJSON(&p); err != nil {
			return
		}
		if p.Op == 1 {
			write(map[string]any{"op": 11})
		}
	}
}

// DropGateway cuts the open gateway connection without a close frame, as
// a network failure would.
func (f *Fake) DropGateway() {
	f.wmu.Lock()
	defer f.wmu.Unlock()
	if f.conn != nil {
		f.conn.UnderlyingConn().Close()
		f.conn = nil
	}
}

// Gateways says how many gateway connections are open now, the most that
// were ever open at once, and how many were ever made.
func (f *Fake) Gateways() (now, most, total int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.gateways, f.mostOpen, f.identified
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// body reads a JSON or multipart body: the JSON payload and the files.
func body(r *http.Request) ([]byte, []File, error) {
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/") {
		if err := r.ParseMultipartForm(32 << 20); err != nil {
			return nil, nil, err
		}
		var files []File
		for i := 0; ; i++ {
			fhs := r.MultipartForm.File[fmt.Sprintf("files[%d]", i)]
			if len(fhs) == 0 {
				break
			}
			data, err := readPart(fhs[0])
			if err != nil {
				return nil, nil, err
			}
			files = append(files, File{Name: fhs[0].Filename, Data: data})
		}
		return []byte(r.FormValue("payload_json")), files, nil
	}
	b, err := io.ReadAll(r.Body)
	return b, nil, err
}

func readPart(fh *multipart.FileHeader) ([]byte, error) {
	rd, err := fh.Open()
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	return io.ReadAll(rd)
}

func (f *Fake) serve(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/gateway") {
		f.gateway(w, r)
		return
	}
	path, ok := strings.CutPrefix(r.URL.Path, "/api/v9/")
	if !ok {
		writeJSON(w, 404, map[string]any{"message": "404: Not Found", "code": 0})
		return
	}
	if r.Header.Get("Authorization") == "" {
		writeJSON(w, 401, map[string]any{"message": "401: Unauthorized", "code": 0})
		return
	}
	p := strings.Split(path, "/")
	switch {
	case r.Method == "GET" && (path == "gateway" || path == "gateway/bot"):
		writeJSON(w, 200, map[string]any{"url": "ws" + strings.TrimPrefix(f.URL, "http") + "/gateway", "shards": 1,
			"session_start_limit": map[string]any{"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})
	case r.Method == "PUT" && p[0] == "applications" && p[len(p)-1] == "commands":
		b, _, _ := body(r)
		var cmds []json.RawMessage
		if err := json.Unmarshal(b, &cmds); err != nil {
			writeJSON(w, 400, map[string]any{"message": err.Error()})
			return
		}
		f.mu.Lock()
		f.commands, f.commandPath = cmds, path
		f.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.Write(b)
	case r.Method == "POST" && len(p) == 3 && p[0] == "channels" && p[2] == "threads":
		var th struct {
			Name string `json:"name"`
		}
		json.NewDecoder(r.Body).Decode(&th)
		f.mu.Lock()
		id := f.id()
		f.threads[id] = p[1]
		f.threadNames[id] = th.Name
		f.mu.Unlock()
		writeJSON(w, 201, map[string]any{"id": id, "type": 11, "parent_id": p[1], "name": th.Name})
	case r.Method == "POST" && len(p) == 3 && p[0] == "channels" && p[2] == "messages":
		f.createMessage(w, r, p[1])
	case r.Method == "PATCH" && len(p) == 4 && p[0] == "channels" && p[2] == "messages":
		f.editMessage(w, r, p[1], p[3])
	case r.Method == "POST" && path == "users/@me/channels":
		var in struct {
			Recipient string `json:"recipient_id"`
		}
		b, _, _ := body(r)
		json.Unmarshal(b, &in)
		writeJSON(w, 200, map[string]any{"id": "dm-" + in.Recipient, "type": 1})
	case r.Method == "POST" && len(p) == 4 && p[0] == "interactions" && p[3] == "callback":
		f.callback(w, r, p[2])
	case r.Method == "PATCH" && len(p) == 5 && p[0] == "webhooks" && p[3] == "messages" && p[4] == "@original":
		f.editOriginal(w, r, p[2])
	default:
		writeJSON(w, 404, map[string]any{"message": "fake discord: no route " + r.Method + " " + path, "code": 0})
	}
}

func (f *Fake) createMessage(w http.ResponseWriter, r *http.Request, channel string) {
	b, files, err := body(r)
	if err != nil {
		writeJSON(w, 400, map[string]any{"message": err.Error()})
		return
	}
	var in struct {
		Content         string      `json:"content"`
		Components      []Component `json:"components"`
		Nonce           string      `json:"nonce"`
		EnforceNonce    bool        `json:"enforce_nonce"`
		AllowedMentions *struct {
			Users []string `json:"users"`
		} `json:"allowed_mentions"`
	}
	if err := json.Unmarshal(b, &in); err != nil {
		writeJSON(w, 400, map[string]any{"message": err.Error()})
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.postCalls++
	fault := 0
	if len(f.faults) > 0 {
		fault, f.faults = f.faults[0], f.faults[1:]
	}
	if fault == 429 {
		w.Header().Set("X-RateLimit-Limit", "5")
		w.Header().Set("X-RateLimit-Remaining", "0")
		w.Header().Set("X-RateLimit-Reset-After", "0.05")
		writeJSON(w, 429, map[string]any{"message": "You are being rate limited.", "retry_after": 0.05, "global": false})
		return
	}
	key := channel + "|" + in.Nonce
	m := f.nonces[key]
	if m == nil || !in.EnforceNonce || in.Nonce == "" {
		m = &Message{ID: f.id(), ChannelID: channel, Content: in.Content, Nonce: in.Nonce, EnforceNonce: in.EnforceNonce,
			Components: in.Components, Files: files}
		if in.AllowedMentions != nil {
			m.MentionUsers = in.AllowedMentions.Users
		}
		f.messages = append(f.messages, m)
		if in.Nonce != "" {
			f.nonces[key] = m
		}
	}
	if fault != 0 {
		writeJSON(w, fault, map[string]any{"message": "upstream trouble", "code": 0})
		return
	}
	writeJSON(w, 200, map[string]any{"id": m.ID, "channel_id": channel, "content": m.Content, "nonce": m.Nonce})
}

func (f *Fake) callback(w http.ResponseWriter, r *http.Request, token string) {
	b, _, err := body(r)
	var in struct {
		Type int `json:"type"`
		Data struct {
			Flags   int `json:"flags"`
			Choices []struct {
				Name  string `json:"name"`
				Value any    `json:"value"`
			} `json:"choices"`
		} `json:"data"`
	}
	if err == nil {
		err = json.Unmarshal(b, &in)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	rep := f.replies[token]
	if err != nil || rep == nil || rep.AckType != 0 {
		writeJSON(w, 400, map[string]any{"message": "Interaction has already been acknowledged or is unknown", "code": 40060})
		return
	}
	rep.AckType, rep.AckFlags, rep.AckAfter = in.Type, in.Data.Flags, time.Since(f.sent[token])
	if len(f.ackFaults) > 0 && in.Type != 8 {
		status := f.ackFaults[0]
		f.ackFaults = f.ackFaults[1:]
		writeJSON(w, status, map[string]any{"message": "upstream trouble", "code": 0})
		return
	}
	if in.Type == 8 {
		for _, c := range in.Data.Choices {
			rep.Choices = append(rep.Choices, SelectOption{Label: c.Name, Value: fmt.Sprint(c.Value)})
		}
		rep.closed = true
		close(rep.done)
	}
	w.WriteHeader(204)
}

func (f *Fake) editOriginal(w http.ResponseWriter, r *http.Request, token string) {
	b, files, err := body(r)
	var in struct {
		Content    string      `json:"content"`
		Components []Component `json:"components"`
	}
	if err == nil {
		err = json.Unmarshal(b, &in)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	rep := f.replies[token]
	if err != nil || rep == nil || rep.AckType == 0 {
		writeJSON(w, 404, map[string]any{"message": "Unknown Webhook", "code": 10015})
		return
	}
	rep.Content, rep.Files, rep.Components = in.Content, files, in.Components
	rep.Message = Message{ID: "reply-" + token, ChannelID: rep.channel, Content: in.Content, Components: in.Components}
	if !rep.closed {
		rep.closed = true
		close(rep.done)
	}
	writeJSON(w, 200, map[string]any{"id": f.id(), "content": in.Content, "flags": rep.AckFlags})
}

func (f *Fake) editMessage(w http.ResponseWriter, r *http.Request, channel, id string) {
	b, _, err := body(r)
	var in struct {
		Content    *string      `json:"content"`
		Components *[]Component `json:"components"`
	}
	if err == nil {
		err = json.Unmarshal(b, &in)
	}
	if err != nil {
		writeJSON(w, 400, map[string]any{"message": err.Error()})
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, m := range f.messages {
		if m.ID == id && m.ChannelID == channel {
			if in.Content != nil {
				m.Content = *in.Content
			}
			if in.Components != nil {
				m.Components = *in.Components
				m.Edits++
			}
			writeJSON(w, 200, map[string]any{"id": m.ID, "channel_id": channel, "content": m.Content})
			return
		}
	}
	writeJSON(w, 404, map[string]any{"message": "Unknown Message", "code": 10008})
}
