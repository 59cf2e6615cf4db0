package rulesdoc

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func ids(cs []Citation) []string {
	out := []string{}
	for _, c := range cs {
		q := ""
		if c.Qualifier != "" {
			q = c.Qualifier + " "
		}
		out = append(out, q+c.ID)
	}
	return out
}

func TestExtractFindsEveryShape(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{"// R-MOV-05: no jumping", []string{"R-MOV-05"}},
		{"g.countStop(c, t, overshot) // R-COR-02, R-OVS-05, AMB-09", []string{"R-COR-02", "R-OVS-05", "AMB-09"}},
		{"// FDR R1.9, BOT-01, AMB-42: rolls", []string{"fdr R1.9", "BOT-01", "AMB-42"}},
		{"(fd.TimeoutFor: fdr AMB-17,", []string{"fdr AMB-17"}},
		{"(FDR AMB-53 likewise)", []string{"fdr AMB-53"}},
		{"fd2008 AMB-15 and league AMB-03 and variant 18-A", []string{"fd2008 AMB-15", "league AMB-03", "league 18-A"}},
		{"O-TYR-03, O-WX-04, O-3LP-01, O-TEAM-03", []string{"O-TYR-03", "O-WX-04", "O-3LP-01", "O-TEAM-03"}},
		{"U-POL-01 U-GANG-01 U-DRV-02", []string{"U-POL-01", "U-GANG-01", "U-DRV-02"}},
		{"T-13, T-01b; T-09b.", []string{"T-13", "T-01b", "T-09b"}},
		{"(T5, R12.5) T10 T14 T1", []string{"T5", "R12.5", "T10", "T14", "T1"}},
		{"R0.1 R22.1 R19.19.", []string{"R0.1", "R22.1", "R19.19"}},
		{"6-C, 5-E2, 25-A(a1), 18-A", []string{"6-C", "5-E2", "25-A", "18-A"}},
		{"LF-04, AX-3", []string{"LF-04", "AX-3"}},
		{"R8.3–R8.8 and AMB-21–AMB-23", []string{"R8.3", "R8.8", "AMB-21", "AMB-23"}},
		{"R-OVS-02/03 and AMB-16/17, O-QUA-04/05/06", []string{"R-OVS-02", "R-OVS-03", "AMB-16", "AMB-17", "O-QUA-04", "O-QUA-05", "O-QUA-06"}},
		{`fmt.Sprintf("blocked %d spaces short (T5, R12.5)", k)`, []string{"T5", "R12.5"}},
		{"«R-PIT-08»", []string{"R-PIT-08"}},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, ids(Extract(c.text)), c.text)
	}
}

func TestExtractIgnoresOrdinaryText(t *testing.T) {
	for _, text := range []string{
		"2006-01-02 15:04",               // dates
		"ISO-8859-1, UTF-8",              // charsets
		"FR 19-2-7 and [7-3-5], 12-1",    // booklet paragraphs, not spec ids
		"a 2-D board, 3-D dice, 1-Z",     // not variants: chapter 2 stops at B, 3 at C
		"11-A 12-B 13-C 26-A",            // chapters without variants
		"R12 and R3 chapters; R23.1",     // a chapter, and no chapter 23 in fdr
		"T0, T15, T99, T123",             // fdr tables are T1–T14
		"v1.R2.3 xR-MOV-05 R-MOV-05x",    // inside other tokens
		"R-MOV-05-b R1.2.3 T10.5 T-01-x", // longer dashed or dotted tokens
		"R-MOV-5 R-M-05 AMB-1 BOT-1",     // wrong digit counts
		"typeT5 myT5 T5x _T5 T5_",        // identifiers
		"EX-C-06 EX-F-31 EX-R-05",        // worked examples
		"§2.18 §6.7 5-E3",                // sections; no 5-E3
		"r-mov-05 amb-15 t5",             // lower case
		"R-COL and AMB- and T-",          // chapters without numbers
	} {
		assert.Empty(t, ids(Extract(text)), text)
	}
}

func TestExtractPositions(t *testing.T) {
	text := "package fd\n\n// a stop (R-COR-02, AMB-09)\n\tx := 1 // R-OVS-02/03\n"
	got := Extract(text)
	require.Len(t, got, 4)
	assert.Equal(t, Citation{ID: "R-COR-02", Docs: []string{FD2008, RS}, Line: 3, Col: 12}, got[0])
	assert.Equal(t, 3, got[1].Line)
	assert.Equal(t, 22, got[1].Col)
	assert.Equal(t, []string{FD2008, FDR, League, RS}, got[1].Docs)
	assert.Equal(t, Citation{ID: "R-OVS-02", Docs: []string{FD2008, RS}, Line: 4, Col: 12}, got[2])
	assert.Equal(t, Citation{ID: "R-OVS-03", Docs: []string{FD2008, RS}, Line: 4, Col: 21}, got[3])
}

func TestDocsOf(t *testing.T) {
	assert.Equal(t, []string{FDR}, DocsOf("R12.8"))
	assert.Equal(t, []string{FDR}, DocsOf("BOT-10"))
	assert.Equal(t, []string{League}, DocsOf("6-C"))
	assert.Equal(t, []string{FD2008}, DocsOf("U-POL-01"))
	assert.Equal(t, []string{FD2008, RS}, DocsOf("T-13"))
	assert.Nil(t, DocsOf("R23.1"))
	assert.Nil(t, DocsOf("x R-MOV-05"))
	assert.Nil(t, DocsOf("3-D"))
}

// FuzzExtract checks what Extract promises on any text: every citation has
// a known shape, sits where it says it does, and reads the same alone.
func FuzzExtract(f *testing.F) {
	for _, s := range []string{
		"// R-COR-02, R-OVS-05, AMB-09", "fdr AMB-17, AMB-48", "R8.3–R8.8", "R-OVS-02/03/04",
		"T5 T-05 6-C 5-E2 LF-04 AX-3", "2006-01-02", "xR-MOV-05", "R1.2.3", "«T3»", "\n\nR0.1\n", "a/05/",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		lines := strings.Split(text, "\n")
		for _, c := range Extract(text) {
			if DocsOf(c.ID) == nil {
				t.Fatalf("%q: %q has no document", text, c.ID)
			}
			if c.Line < 1 || c.Line > len(lines) || c.Col < 1 || c.Col > len(lines[c.Line-1]) {
				t.Fatalf("%q: %q at %d:%d is outside the text", text, c.ID, c.Line, c.Col)
			}
			at := lines[c.Line-1][c.Col-1:]
			if !strings.HasPrefix(at, c.ID) && !strings.HasPrefix(at, c.ID[len(c.ID)-2:]) {
				t.Fatalf("%q: %q is not at %d:%d (%q)", text, c.ID, c.Line, c.Col, at)
			}
			if alone := Extract(c.ID); len(alone) != 1 || alone[0].ID != c.ID {
				t.Fatalf("%q: %q alone reads as %v", text, c.ID, ids(alone))
			}
			if c.Qualifier != "" && !contains(Documents, c.Qualifier) {
				t.Fatalf("%q: %q has an unknown qualifier %q", text, c.ID, c.Qualifier)
			}
		}
	})
}
