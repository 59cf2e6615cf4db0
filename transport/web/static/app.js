// Pitwall's page: the history slider and arrow keys, live updates by
// server-sent events, and orders sent without leaving the page. The page
// works without it (forms post, the slider has a Show button).
"use strict";
(function () {
  document.documentElement.classList.add("js");
  const body = document.body;
  const game = body.dataset.game;
  if (!game) return;
  const lang = body.dataset.lang || "en";
  const slider = document.getElementById("play");
  const board = document.getElementById("board");
  const label = document.getElementById("playlabel");
  let version = body.dataset.version;
  let plays = parseInt(body.dataset.plays || "0", 10);
  const words = lang === "fr"
    ? { grid: "la grille, avant le premier coup", after: "après le coup", of: "sur" }
    : { grid: "the grid, before the first play", after: "after play", of: "of" };

  function localTimes(root) {
    root.querySelectorAll("time[data-local]").forEach(function (t) {
      const d = new Date(t.getAttribute("datetime"));
      if (isNaN(d)) return;
      t.textContent = new Intl.DateTimeFormat(lang, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZoneName: "short" }).format(d);
    });
  }

  function showPlay(n) {
    if (!slider) return;
    slider.value = String(n);
    let src = "/g/" + encodeURIComponent(game) + "/board.png?play=" + n + "&lang=" + lang + "&v=" + version;
    // a personal page's board is its reader's (5-D), as the page says
    if (body.dataset.t) src += "&t=" + encodeURIComponent(body.dataset.t);
    const set = function (base, widths) {
      return widths.map(function (w) { return base + "&w=" + w + " " + w + "w"; }).join(", ");
    };
    const crop = document.getElementById("boardcrop");
    if (crop) crop.srcset = set(src + "&view=crop", [390, 780, 1170]);
    if (board) { board.srcset = set(src, [800, 1200, 1600]); board.src = src + "&w=1600"; }
    if (label) label.textContent = n === 0 ? words.grid : words.after + " " + n + " " + words.of + " " + plays;
    document.querySelectorAll("#log li").forEach(function (li) {
      const p = parseInt(li.dataset.play, 10);
      li.classList.toggle("future", p > n);
      li.classList.toggle("at", p === n && n !== plays);
    });
  }

  if (slider) {
    slider.addEventListener("input", function () { showPlay(parseInt(slider.value, 10)); });
    const latest = document.getElementById("latest");
    if (latest) latest.addEventListener("click", function () { showPlay(plays); });
    document.addEventListener("keydown", function (e) {
      if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
      const t = e.target;
      if (t === slider || (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA"))) return;
      e.preventDefault();
      const n = parseInt(slider.value, 10) + (e.key === "ArrowLeft" ? -1 : 1);
      showPlay(Math.max(0, Math.min(plays, n)));
    });
  }

  // refresh fetches the page again and swaps in what changed.
  let refreshing = null;
  let liveOpen = false;
  function badge() {
    const b = document.getElementById("livebadge");
    if (b) b.hidden = !liveOpen;
  }
  let again = false;
  function refresh() {
    if (refreshing) {
      // a newer version may have come after this fetch left: fetch again
      again = true;
      return refreshing;
    }
    const url = new URL(location.href);
    url.searchParams.delete("play");
    refreshing = fetch(url.toString(), { headers: { Accept: "text/html" }, cache: "no-store" })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        const doc = new DOMParser().parseFromString(html, "text/html");
        const following = !slider || parseInt(slider.value, 10) === plays;
        const live = document.getElementById("live");
        const fresh = doc.getElementById("live");
        if (live && fresh) { live.innerHTML = fresh.innerHTML; live.dataset.version = fresh.dataset.version; }
        ["log", "verify"].forEach(function (id) {
          const el = document.getElementById(id);
          const fresh = doc.getElementById(id);
          if (el && fresh) el.innerHTML = fresh.innerHTML;
        });
        const cmds = document.querySelector(".commands");
        const freshCmds = doc.querySelector(".commands");
        if (cmds && freshCmds) {
          const typed = document.getElementById("cmd");
          const keep = typed ? typed.value : "";
          cmds.innerHTML = freshCmds.innerHTML;
          const again = document.getElementById("cmd");
          if (again) again.value = keep;
        }
        version = doc.body.dataset.version || version;
        plays = parseInt(doc.body.dataset.plays || String(plays), 10);
        body.dataset.version = version;
        body.dataset.plays = String(plays);
        // a link reset meanwhile: the page is a spectator's, and so its board
        if (doc.body.dataset.t) body.dataset.t = doc.body.dataset.t; else delete body.dataset.t;
        if (slider) slider.max = String(plays);
        showPlay(following ? plays : Math.min(parseInt(slider ? slider.value : "0", 10), plays));
        localTimes(document);
        wireForms(document);
        badge();
        body.dataset.refreshed = String((parseInt(body.dataset.refreshed || "0", 10)) + 1);
      })
      .catch(function () {})
      .finally(function () {
        refreshing = null;
        if (again) {
          again = false;
          refresh();
        }
      });
    return refreshing;
  }

  function wireForms(root) {
    root.querySelectorAll("form.order").forEach(function (f) {
      if (f.dataset.wired) return;
      f.dataset.wired = "1";
      f.addEventListener("submit", function (e) {
        e.preventDefault();
        if (f.dataset.sending) return; // one request at a time per form
        f.dataset.sending = "1";
        const answer = document.getElementById("answer");
        fetch(f.action, {
          method: "POST",
          headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(new FormData(f)).toString(),
        })
          .then(function (r) { return r.json(); })
          .then(function (a) {
            if (answer) { answer.textContent = a.message; answer.className = a.ok ? "ok" : "error"; }
            if (a.ok && f.classList.contains("typed")) {
              const typed = f.querySelector("input[name=cmd]");
              if (typed) typed.value = "";
            }
          })
          .catch(function () {})
          .finally(function () { delete f.dataset.sending; refresh(); });
      });
    });
  }

  localTimes(document);
  wireForms(document);
  if (slider) showPlay(parseInt(slider.value, 10));

  if (window.EventSource) {
    const es = new EventSource("/g/" + encodeURIComponent(game) + "/events");
    es.addEventListener("open", function () { liveOpen = true; badge(); });
    es.addEventListener("version", function (e) {
      if (e.data !== version) refresh();
    });
    es.addEventListener("error", function () { liveOpen = false; badge(); });
  }
})();
