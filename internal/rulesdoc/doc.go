// Package rulesdoc keeps docs/rules/ honest: it finds the rule ids that
// Pitwall's Go code cites (R-MOV-05, R12.8, fdr AMB-17, O-TYR-03, U-POL-01,
// BOT-10, T-13, T5, 6-C, LF-04 …), decides which rules document each one
// belongs to, and reads the entries of docs/rules/*.md. Its tests fail when
// code cites an id the pages lack, when a page names a test that no longer
// exists, or a file that is not in the repository.
//
// rulesdoc owns the id extractor and the page parser. It is a development
// tool: nothing of Pitwall imports it but tests (TestFuncs), and it imports nothing of Pitwall's
// (internal/* may import anything under .ci/check-imports.sh, it needs only
// the standard library).
package rulesdoc
