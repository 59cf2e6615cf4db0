package rulesdoc

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The rules documents (../shared/rules/*.md). Each one numbers its rules
// in its own way, and several reuse the same shapes: fd2008 and Racing
// Simulator both write R-ORD-01 and T-05, and all four number their
// ambiguities AMB-nn.
const (
	FD2008 = "fd2008" // formula-d-2008.md: R-XXX-nn, O-XXX-nn, U-XXX-nn, T-nn, AMB-nn
	FDR    = "fdr"    // fd-competition-rules.md: Rn.n, Tn, BOT-nn, AMB-nn
	League = "league" // league-variants.md: n-X, LF-nn, AX-n, AMB-nn
	RS     = "rs"     // racing-simulator.md: R-XXX-nn, T-nn, AMB-nn
)

// Documents lists the documents in a fixed order.
var Documents = []string{FD2008, FDR, League, RS}

// Citation is one rule id found in a text.
type Citation struct {
	ID        string   // as written: "R-MOV-05", "R12.8", "AMB-15", "6-C"
	Docs      []string // the documents an id of this shape may belong to
	Qualifier string   // a document named just before the id ("fdr AMB-17"), or ""
	Line, Col int      // 1-based; Col in bytes
}

// idRE finds candidates; Extract then checks what surrounds them. The
// alternatives are ordered so that the longest shape wins at a position.
var idRE = regexp.MustCompile(`` +
	`R-[A-Z]{2,5}-[0-9]{2}` + // R-MOV-05 (fd2008, rs)
	`|O-[A-Z0-9]{2,4}-[0-9]{2}` + // O-TYR-03 (fd2008 optional rules)
	`|U-[A-Z]{3,4}-[0-9]{2}` + // U-POL-01 (fd2008 street races)
	`|T-[0-9]{2}[a-z]?` + // T-13, T-01b (fd2008, rs tables)
	`|AMB-[0-9]{2}` + // AMB-15 (every document)
	`|BOT-[0-9]{2}` + // BOT-10 (fdr)
	`|LF-[0-9]{2}` + // LF-04 (league features)
	`|AX-[0-9]` + // AX-3 (league annexes)
	`|R[0-9]{1,2}\.[0-9]{1,2}` + // R12.8 (fdr)
	`|T[0-9]{1,2}` + // T5 (fdr tables)
	`|[0-9]{1,2}-[A-H]2?`) // 6-C, 5-E2 (league variants)

// leagueLetters is the last variant letter of each chapter of
// league-variants.md (chapters 11–13 have none). It keeps "2-D" and "3-D"
// in ordinary text from reading as variants.
var leagueLetters = map[int]byte{
	1: 'D', 2: 'B', 3: 'C', 4: 'B', 5: 'E', 6: 'D', 7: 'A', 8: 'C', 9: 'A', 10: 'A',
	14: 'B', 15: 'A', 16: 'F', 17: 'D', 18: 'A', 19: 'H', 20: 'B', 21: 'B', 22: 'A',
	23: 'C', 24: 'D', 25: 'A',
}

// qualifiers are the words that, written just before an id, name its
// document: "fdr AMB-17", "FDR R1.9", "fd2008 AMB-15", "league AMB-03".
var qualifiers = map[string]string{
	"fdr": FDR, "fd2008": FD2008, "league": League, "variant": League, "variants": League, "rs": RS,
}

// DocsOf returns the documents an id of this shape may belong to, or nil
// when id is not a rule id.
func DocsOf(id string) []string {
	if !idRE.MatchString(id) || idRE.FindString(id) != id {
		return nil
	}
	switch {
	case strings.HasPrefix(id, "R-"), strings.HasPrefix(id, "T-"):
		return []string{FD2008, RS}
	case strings.HasPrefix(id, "O-"), strings.HasPrefix(id, "U-"):
		return []string{FD2008}
	case strings.HasPrefix(id, "AMB-"):
		return []string{FD2008, FDR, League, RS}
	case strings.HasPrefix(id, "BOT-"):
		return []string{FDR}
	case strings.HasPrefix(id, "LF-"), strings.HasPrefix(id, "AX-"):
		return []string{League}
	case id[0] == 'R':
		if ch, _ := strconv.Atoi(id[1:strings.IndexByte(id, '.')]); ch > 22 {
			return nil // fdr has chapters 0–22
		}
		return []string{FDR}
	case id[0] == 'T':
		if n, _ := strconv.Atoi(id[1:]); n < 1 || n > 14 {
			return nil // fdr has tables T1–T14
		}
		return []string{FDR}
	default: // n-X
		dash := strings.IndexByte(id, '-')
		ch, _ := strconv.Atoi(id[:dash])
		last, ok := leagueLetters[ch]
		if !ok || id[dash+1] > last || (len(id) > dash+2 && !(ch == 5 && id[dash+1] == 'E')) {
			return nil // no such variant (5-E2 is the only numbered one)
		}
		return []string{League}
	}
}

// wordBefore and wordAfter report whether a letter, a digit or '_' touches
// position i of s from the left or from the right.
func wordBefore(s string, i int) bool {
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return i > 0 && isWordRune(r)
}

func wordAfter(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return i < len(s) && isWordRune(r)
}

func isWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// Extract returns the rule ids cited in text, in order. An id counts only
// when it stands alone: not inside a word or an identifier, not part of a
// longer dotted or dashed token ("v1.R2.3", "R-MOV-05-x", "T10.5",
// "2-D-"), and with a shape some document really uses. "R-OVS-02/03"
// cites R-OVS-02 and R-OVS-03; a range "R8.3–R8.8" cites its two ends only.
func Extract(text string) []Citation {
	var out []Citation
	line, lineStart := 1, 0
	nl := 0 // bytes of text already scanned for newlines
	for _, loc := range idRE.FindAllStringIndex(text, -1) {
		start, end := loc[0], loc[1]
		for ; nl < start; nl++ {
			if text[nl] == '\n' {
				line, lineStart = line+1, nl+1
			}
		}
		if wordBefore(text, start) || start > 0 && (text[start-1] == '-' || text[start-1] == '.') {
			continue
		}
		if wordAfter(text, end) || end < len(text) && (text[end] == '-' || text[end] == '.') && wordAfter(text, end+1) {
			continue
		}
		id := text[start:end]
		docs := DocsOf(id)
		if docs == nil {
			continue
		}
		c := Citation{ID: id, Docs: docs, Line: line, Col: start - lineStart + 1, Qualifier: qualifierBefore(text[lineStart:start])}
		out = append(out, c)
		out = append(out, continuations(text, end, c)...)
	}
	return out
}

// qualifierBefore returns the document named by the word just before an
// id on its line ("fdr AMB-17"), or "".
func qualifierBefore(before string) string {
	if !strings.HasSuffix(before, " ") {
		return ""
	}
	before = strings.TrimRight(before, " ")
	i := len(before)
	for i > 0 && wordBefore(before, i) {
		_, n := utf8.DecodeLastRuneInString(before[:i])
		i -= n
	}
	if i > 0 && (before[i-1] == '-' || before[i-1] == '.') {
		return ""
	}
	return qualifiers[strings.ToLower(before[i:])]
}

// continuations reads the "/03" shorthand after an id whose last part is
// two digits: "R-OVS-02/03", "AMB-16/17", "O-QUA-04/05".
func continuations(text string, end int, c Citation) []Citation {
	id := c.ID
	if len(id) < 4 || id[len(id)-3] != '-' || !isDigit(id[len(id)-2]) || !isDigit(id[len(id)-1]) {
		return nil
	}
	var out []Citation
	idStart := end - len(id)
	for end+3 <= len(text) && text[end] == '/' && isDigit(text[end+1]) && isDigit(text[end+2]) {
		if wordAfter(text, end+3) || text[end+3:] != "" && (text[end+3] == '-' || text[end+3] == '.') && wordAfter(text, end+4) {
			break
		}
		next := c
		next.ID = id[:len(id)-2] + text[end+1:end+3]
		next.Col = c.Col + end + 1 - idStart
		out = append(out, next)
		end += 3
	}
	return out
}
