#!/usr/bin/env bash
# Enforces the import directions of shared/design.md §1.
# Each of our packages may import only the packages of ours listed for it,
# and the engine may not import anything that does I/O or reads the clock.
set -euo pipefail
cd "$(dirname "$0")/.."
mod=$(go list -m)
fail=0
while read -r pkg imports; do
  rel=${pkg#"$mod"}; rel=${rel#/}
  case "$rel" in
    engine/fd/street)      allowed="engine/fd engine/dice engine/phrase tracks" ;;
    engine/fd/fdr)         allowed="engine/fd engine/dice engine/phrase tracks" ;; # the competition rules: a rules module, as street (its option facts are phrases)
    engine/fd/variants)    allowed="engine/fd engine/dice engine/league engine/phrase tracks" ;; # the league variants: registered by id on the base's hooks; never fdr's or street's module
    engine/fd/fdtest)      allowed="engine/fd engine/dice tracks" ;; # the modules' test harness: for _test.go files only (below)
    engine|engine/*)       allowed="engine tracks" ;;
    tracks|tracks/*)       allowed="tracks" ;;
    render|render/*)       allowed="render engine tracks internal/phrasebook" ;;
    persistence|persistence/*) allowed="persistence" ;;
    bot|bot/*)             allowed="bot engine tracks persistence internal/phrasebook" ;;
    internal/phrasebook)   allowed="internal/phrasebook engine/phrase" ;;
    transport/discord/discordtest) allowed="" ;; # the fake Discord: Discord's wire format only, nothing of ours
    transport/*)           allowed="transport bot" ;;
    internal/cvd)          allowed="" ;; # colour checks for render's and the web page's tests: nothing of ours
    cmd/*|internal/*)      allowed="*" ;;
    *) echo "import check: package $rel is not in the design's table (shared/design.md §1)"; fail=1; continue ;;
  esac
  for imp in $imports; do
    if [[ "$imp" == "$mod"/* ]]; then
      irel=${imp#"$mod"/}
      if [[ "$irel" == engine/fd/fdtest ]]; then echo "import check: $rel must not import $irel (a test harness: _test.go files only)"; fail=1; continue; fi
      [[ "$allowed" == "*" ]] && continue
      # A variant sits on the base's hooks, never on a rules module's code
      # (engine/fd/variants' row allows engine/fd and so its subpackages).
      if [[ "$rel" == engine/fd/variants && ( "$irel" == engine/fd/fdr* || "$irel" == engine/fd/street* ) ]]; then echo "import check: $rel must not import $irel (a variant uses the base's hooks only)"; fail=1; continue; fi
      ok=0
      for a in $allowed; do
        [[ "$irel" == "$a" || "$irel" == "$a"/* ]] && ok=1
      done
      if [[ $ok -eq 0 ]]; then echo "import check: $rel must not import $irel"; fail=1; fi
    elif [[ "$rel" == engine || "$rel" == engine/* ]]; then
      # The engine is pure: no I/O, no clock, no global randomness.
      case "$imp" in
        os|os/*|net|net/*|time|log|log/*|database/*|math/rand|math/rand/*|io/fs|syscall|embed)
          echo "import check: engine package $rel must not import $imp (the engine is pure)"; fail=1 ;;
      esac
    fi
  done
done < <(go list -f '{{.ImportPath}} {{join .Imports " "}}' ./...)
# Issue 13: a ruleset is chosen by its modules (the rulesets table), never
# by comparing Config.Rules, in code or tests.
if hits=$(grep -rn --include='*.go' 'Rules ==' engine bot render cmd); then
  echo "ruleset check: compare no ruleset by name (Rules ==); ask its modules or the rulesets table:"; echo "$hits"; fail=1
fi
if [[ $fail -ne 0 ]]; then exit 1; fi
echo "import check: ok"
