// The page's head script: the site build writes it to /web/head-<hash>.js
// and every page loads it before its body, as a file rather than inline so
// the Content-Security-Policy in _headers needs no hash. It must stay small:
// it blocks the first paint.
(function () {
  var d = document.documentElement, p = {};
  // Theme: apply the saved theme and text size before the first paint, so a
  // reader who chose dark never sees a white flash while the wasm loads.
  try {
    var s = localStorage.getItem("{{PREFS_KEY}}") || localStorage.getItem("prefs");
    p = JSON.parse(s || "{}") || {};
    if (p.theme) d.setAttribute("data-theme", p.theme);
    if (p.textSize) d.style.fontSize = p.textSize + "%";
  } catch (e) {}
  // The reader's language, picked as the client picks it for a page with no
  // language in its path (readerLang in lang.go): the one chosen in the
  // app, else the browser's first English or French, else the link's. A
  // calculator's prerendered placeholder shows only that language's words.
  try {
    var ok = /^(en|fr)$/, l = ok.test(p.lang) ? p.lang : "", b = navigator.languages || [navigator.language];
    for (var i = 0; !l && i < b.length; i++) {
      var t = String(b[i]).split("-")[0].toLowerCase();
      if (ok.test(t)) l = t;
    }
    var m = /[?&]lang=(en|fr)(&|$)/.exec(location.search);
    d.setAttribute("data-reader-lang", l || (m && m[1]) || "en");
  } catch (e) {}
  // The client starts in steps and go-app removes its loader strip after
  // the first, so the page says it is starting until the client marks it
  // ready (data-app="ready"); not when go-app is told to skip the wasm.
  if (!/[?&]wasm=false/.test(location.search)) d.setAttribute("data-app", "starting");
  // Whether a service worker controlled the page as it loaded, before a new
  // worker can claim it: the update banner only shows in such pages.
  window.{{CONTROLLED}} = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
})();
