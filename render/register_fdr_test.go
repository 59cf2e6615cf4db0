package render

// render's tests draw competition-rules races: link in the fdr rules
// module, which registers itself with engine/fd's rulesets table (render
// draws games that bot made, and bot links it in).
import _ "github.com/pitwall/pitwall/engine/fd/fdr"
