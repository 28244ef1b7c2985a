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
  // A calculator's link shows its values before the client has started
  // (app/calc/prefill.js, a function of the language and the saved game).
  try {
    {{CALC_PREFILL}}(lang, p.game);
  } catch (e) {}
  // The client starts in steps and go-app removes its loader strip after
  // the first, so the page says it is starting until the client marks it
  // ready (data-app="ready"); not when go-app is told to skip the wasm.
  if (!/[?&]wasm=false/.test(location.search)) d.setAttribute("data-app", "starting");
  // Whether a service worker controlled the page as it loaded, before a new
  // worker can claim it: the update banner only shows in such pages.
  window.{{CONTROLLED}} = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
})();
// A page whose wasm, library or scripts cannot be fetched would say it is
// starting for ever: a first visit can straddle a deploy, whose new files
// replace the ones this page names. It says so instead, in its language,
// with a button that loads the page again ({{LOAD_FAILED}}: go-app's
// loader catches the wasm's failure, the client calls it when the library
// fails). No reload of its own: the page, prerendered, still reads, and a
// host that keeps failing would reload it in a loop.
(function () {
  if (/[?&]wasm=false/.test(location.search)) return;
  var d = document.documentElement;
  var failed = window.{{LOAD_FAILED}} = function () {
    if (d.getAttribute("data-app") == "failed") return;
    d.setAttribute("data-app", "failed");
    var t = {{LOAD_TEXTS}}[d.lang] || {{LOAD_TEXTS}}.en, p = document.createElement("p"), b = document.createElement("button");
    p.className = "banner load-failed";
    p.setAttribute("role", "alert");
    p.textContent = t[0];
    b.className = "btn";
    b.type = "button";
    b.textContent = t[1];
    b.onclick = function () { location.reload(); };
    p.append(b);
    document.body.append(p);
    // The answer's place says so too, over a share link's figures, which
    // cannot be checked now.
    var c = document.getElementById("calc-claim"), s = document.querySelector(c ? "#calc-sentence" : "#calc-sentence.pending");
    if (s) s.textContent = t[0];
    if (c) c.remove();
  };
  // The wasm's instance is handed to go-app's loader in a task of its own:
  // its go.run would otherwise start the client in the task that compiled
  // and instantiated the wasm, one long task of the two (package handback
  // splits the start itself).
  var wasm = window.WebAssembly, is = wasm && wasm.instantiateStreaming;
  if (is) wasm.instantiateStreaming = function (r, o) {
    return is.call(wasm, r, o).then(function (m) {
      return new Promise(function (res) { setTimeout(function () { res(m); }, 0); });
    }, function (e) { failed(); throw e; });
  };
  addEventListener("error", function (e) { if (e.target && e.target.tagName == "SCRIPT") failed(); }, true);
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
