// The page's head script: the site build writes it to /web/head-<hash>.js
// and every page loads it before its body, as a file rather than inline so
// the Content-Security-Policy in _headers needs no hash. It must stay small:
// it blocks the first paint.
(function () {
  var d = document.documentElement, p = {};
  // Site data: a browser set to keep none throws on any reading of
  // localStorage, go-app's start included, which would stop the wasm. An
  // in-memory store takes its place for the visit, and the flag has the
  // app say that nothing is kept.
  try {
    window.localStorage.length;
  } catch (e) {
    var data = new Map();
    var memory = {
      getItem: function (k) { k = String(k); return data.has(k) ? data.get(k) : null; },
      setItem: function (k, v) { data.set(String(k), String(v)); },
      removeItem: function (k) { data.delete(String(k)); },
      clear: function () { data.clear(); },
      key: function (i) { var keys = Array.from(data.keys()); return i >= 0 && i < keys.length ? keys[i] : null; },
    };
    Object.defineProperty(memory, "length", { get: function () { return data.size; } });
    try {
      Object.defineProperty(window, "localStorage", { value: memory, configurable: true });
      window.{{NO_STORAGE}} = true;
    } catch (e) {}
  }
  // Theme: apply the saved theme and text size before the first paint, so a
  // reader who chose dark never sees a white flash while the wasm loads.
  // Only the values the settings offer, from a value of the size the app
  // writes: anything on the origin can write there.
  try {
    var s = localStorage.getItem("{{PREFS_KEY}}");
    if (s && s.length <= 1000) {
      p = JSON.parse(s) || {};
      if (p.theme && {{THEMES}}.indexOf(p.theme) >= 0) d.setAttribute("data-theme", p.theme);
      if ({{TEXT_SIZES}}.indexOf(p.textSize) >= 0) d.style.fontSize = {{ROOT_FONT_SIZES}}[p.textSize];
    }
  } catch (e) {}
  // The reader's language, picked as the client picks it for a page with no
  // language in its path (readerLang in lang.go): the one chosen in the
  // app, else the browser's first English or French, else the link's.
  var lang = "en";
  try {
    var ok = /^(en|fr)$/, l = ok.test(p.lang) ? p.lang : "", b = navigator.languages || [navigator.language];
    for (var i = 0; !l && i < b.length; i++) {
      var t = String(b[i]).split("-")[0].toLowerCase();
      if (ok.test(t)) l = t;
    }
    var m = /[?&]lang=(en|fr)(&|$)/.exec(location.search);
    lang = l || (m && m[1]) || lang;
    d.setAttribute("data-reader-lang", lang);
  } catch (e) {}
  // A calculator's link, whose path names no language: the prerendered
  // page holds the calculator in each language and game, and the reader's
  // takes the place of the one in view (English, under the calculator's
  // first game) with the link's values in its fields (prefill), once the
  // page is parsed. The style sheet holds back meanwhile the fields, and
  // the whole page when it is not the reader's (data-prefill), so that no
  // other reader's words nor the defaults show.
  try {
    var games = {{CALC_GAMES}}[(/\/calc\/([^/]+)$/.exec(location.pathname) || [])[1]];
    if (Array.isArray(games)) {
      var q = new URLSearchParams(location.search), g = q.get("game") || p.game;
      if (games.indexOf(g) < 0) g = games[0];
      d.lang = lang;
      d.setAttribute("data-prefill", lang == "en" && g == games[0] ? "fields" : "page");
      document.addEventListener("readystatechange", function () {
        if (document.readyState != "interactive") return;
        try {
          prefill(lang, g, q);
        } catch (e) {}
        d.removeAttribute("data-prefill");
      });
    }
  } catch (e) {}
  // The client starts in steps and go-app removes its loader strip after
  // the first, so the page says it is starting until the client marks it
  // ready (data-app="ready"); not when go-app is told to skip the wasm.
  if (!/[?&]wasm=false/.test(location.search)) d.setAttribute("data-app", "starting");
  // Whether a service worker controlled the page as it loaded, before a new
  // worker can claim it: the update banner only shows in such pages.
  window.{{CONTROLLED}} = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
  // prefill puts the calculator drawn for the reader's language and the
  // game g (the link's, or else the reader's, as the client picks it:
  // calc.Page), which waits in a script's text, in the page's place
  // (app/prerender.go), then shows in its fields what the link's query q
  // says, with no engine: the fields the link shows, by the conditions the
  // client evaluates (calc/fields.go), the first salvo copied for each
  // further one, a band from a distance. The answer stays "Working out the
  // odds…". The client replaces the whole page with its own, so the fields
  // take no change until then: they are disabled.
  function prefill(lang, g, q) {
    var all = document.body.firstElementChild, page = all.firstElementChild;
    var t = all.querySelector('script[data-lang="' + lang + '"][data-game="' + g + '"]');
    if (t) {
      document.title = t.dataset.title;
      page.outerHTML = t.text;
      page = all.firstElementChild;
    }
    var form = page.querySelector(".fields"), v = { game: g };
    var fields = () => form.querySelectorAll("input,select");
    var first = form.querySelectorAll("[data-group]");
    // The salvos of a link that skips numbers (s1 and s3) are numbered 1,
    // 2, ... in their order, as the client does (calc.renumberSalvos).
    var to = {}, salvos = 0, salvo = /^s(\d+)\.(.*)$/;
    for (let n = 1; n <= {{MAX_SALVOS}}; n++) {
      for (var k of q.keys()) if (k.startsWith("s" + n + ".")) { to[n] = ++salvos; break; }
    }
    var renamed = new URLSearchParams();
    q.forEach((x, k) => {
      var m = salvo.exec(k);
      renamed.append(m && to[m[1]] ? "s" + to[m[1]] + "." + m[2] : k, x);
    });
    q = renamed;
    for (let n = 2; n <= salvos; n++) {
      first.forEach((e) => {
        var c = e.cloneNode(true);
        [c, ...c.querySelectorAll("*")].forEach((x) => {
          for (var a of x.attributes) a.value = a.value.replace(/\bs1\./g, "s" + n + ".");
        });
        if (c.tagName == "H2") c.textContent = c.textContent.replace(/\d+/, n);
        form.append(c);
      });
    }
    fields().forEach((e) => {
      var x = e.type == "checkbox" ? +e.checked + "" : e.value;
      if (x) v[e.id.slice(2)] = x;
    });
    q.forEach((x, k) => { if (k != "game") v[k] = q.get(k); });
    var holds = (c) => {
      var x = v[c.key] || "", n = c.n | 0;
      switch (c.op) {
        case "is": return x == (c.value || "");
        case "isnot": return x != (c.value || "");
        case "has": return c.key in v;
        case "game": return c.games.includes(g);
        case "all": return c.of.every(holds);
        case "any": return c.of.some(holds);
        case "under": return (x | 0) < n;
        case "over": return (x | 0) > n;
      }
      return true;
    };
    form.querySelectorAll("[data-show]").forEach((e) => {
      if (holds(JSON.parse(e.dataset.show.replace(/'/g, '"')))) e.hidden = false;
      else e.remove();
    });
    fields().forEach((e) => {
      var k = e.id.slice(2), x = q.get(k), cm = q.get(k.replace(/range$/, "cm")), b = e.closest("[data-bands]");
      if (b && /^\d+$/.test(cm)) x = b.dataset.bands.split(" ").filter((s) => +s <= +cm).length - 1;
      if (x == null) return;
      if (e.type == "checkbox") e.checked = x == "1";
      else e.value = x;
    });
    form.querySelectorAll("[data-quick]").forEach((b) => { b.setAttribute("aria-pressed", b.value == q.get(b.dataset.quick)); });
    page.querySelectorAll(".calc input, .calc select, .calc .step, .calc .chip, .calc .actions button").forEach((e) => { e.disabled = true; });
    form.setAttribute("aria-busy", "true");
    form.classList.remove("pending");
  }
})();
// The library (the rules text, glossary and pages: app/contentdata) is a
// file of its own, fetched from here so that it downloads beside the wasm:
// once the page is parsed, when app.js (deferred) has just asked for the
// wasm, not before, so that it never competes with what the first paint
// needs. The client reads it with {{LIBRARY_FETCH}}(), which starts the
// fetch if it has not started, and again after a failure.
(function () {
  if (/[?&]wasm=false/.test(location.search)) return;
  var lib = null;
  var get = window.{{LIBRARY_FETCH}} = function () {
    if (!lib) {
      lib = fetch("{{LIBRARY}}").then(function (r) {
        if (!r.ok) throw new Error("the library: HTTP " + r.status);
        return r.arrayBuffer();
      });
      lib.catch(function () { lib = null; });
    }
    return lib;
  };
  document.addEventListener("DOMContentLoaded", function () { get(); });
})();
// The calculators' steppers at the table (issue 23): a held step button
// repeats its click, after 400 ms, then faster down to every 40 ms, until
// the finger lifts, leaves it, scrolls (pointercancel) or the value reaches
// its end; the click that ends a hold which stepped is no extra step, a
// keyboard's click always is. A focused number (or list) selects itself, so
// that typing replaces it. Here and not in the wasm: listening on every
// button through go-app cost 15 KB of the first visit's budget.
(function () {
  var held = null, timer = 0, stepped = false;
  function step(e) {
    return e.target && e.target.closest ? e.target.closest("button.step[data-step]") : null;
  }
  function stop() { clearTimeout(timer); held = null; }
  function atEnd(b) {
    var n = document.getElementById("f-" + b.dataset.step);
    if (!n || n.value === "") return b.disabled;
    return b.dataset.dir === "down" ? +n.value <= +n.min : +n.value >= +n.max;
  }
  addEventListener("pointerdown", function (e) {
    var b = step(e);
    if (!b || e.button || b.disabled) return;
    stop();
    held = b;
    stepped = false;
    var next = 150;
    var tick = function () {
      if (held !== b || atEnd(b)) return;
      stepped = true;
      b.click();
      timer = setTimeout(tick, next);
      next = Math.max(next * 0.8, 40);
    };
    timer = setTimeout(tick, 400);
  });
  addEventListener("pointerup", stop);
  addEventListener("pointercancel", function () { stop(); stepped = false; });
  addEventListener("pointerout", function (e) {
    if (held && e.target === held && !held.contains(e.relatedTarget)) stop();
  });
  addEventListener("contextmenu", function (e) { if (step(e)) e.preventDefault(); });
  addEventListener("click", function (e) {
    if (!stepped || !e.isTrusted || !step(e)) return;
    stepped = false;
    if (e.detail > 0) { e.stopPropagation(); e.preventDefault(); }
  }, true);
  addEventListener("focusin", function (e) {
    var t = e.target;
    if (t.matches && t.matches('.calc input[type="number"], .calc .fields input[type="text"]')) {
      t.select();
      t.dataset.selecting = "1";
    }
  });
  // The mouseup of the click that focused it would put the caret in place.
  addEventListener("mouseup", function (e) {
    var t = e.target;
    if (t.dataset && t.dataset.selecting) { delete t.dataset.selecting; e.preventDefault(); }
  });
  addEventListener("focusout", function (e) { if (e.target.dataset) delete e.target.dataset.selecting; });
})();
