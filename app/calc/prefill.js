// A calculator's link, whose path names no language: the prerendered
// page holds the calculator in each language and game, and the reader's
// takes the place of the one in view (English, under the calculator's
// first game) with the link's values in its fields (prefill), once the
// page is parsed. The style sheet holds back meanwhile the fields, and
// the whole page when it is not the reader's (data-prefill), so that no
// other reader's words nor the defaults show. The shell's head script
// calls this with the reader's language and saved game (calc.HeadScript).
//
// The armies page holds itself in each language the same way, under one
// game (before the client it shows only its title and introduction), and
// takes the reader's in place of the English one, with nothing to fill.
(function (lang, saved) {
  var d = document.documentElement;
  if (/\/armies$/.test(location.pathname)) {
    d.lang = lang;
    if (lang == "en") return;
    d.setAttribute("data-prefill", "page");
    document.addEventListener("readystatechange", function () {
      if (document.readyState != "interactive") return;
      try {
        readersPage('script[data-lang="' + lang + '"]');
      } catch (e) {}
      d.removeAttribute("data-prefill");
    });
    return;
  }
  var games = {{CALC_GAMES}}[(/\/calc\/([^/]+)$/.exec(location.pathname) || [])[1]];
  if (!Array.isArray(games)) return;
  var q = new URLSearchParams(location.search), g = q.get("game") || saved;
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
  // prefill puts the calculator drawn for the reader's language and the
  // game g (the link's, or else the reader's, as the client picks it:
  // calc.Page), which waits in a script's text, in the page's place
  // (app/prerender.go), then shows in its fields what the link's query q
  // says, with no engine: the fields the link shows, by the conditions the
  // client evaluates (calc/fields.go), the first salvo copied for each
  // further one, a band from a distance. The answer stays "Working out the
  // odds…". The client replaces the whole page with its own, so the fields
  // take no change until then: they are disabled, and every button.
  function prefill(lang, g, q) {
    var page = readersPage('script[data-lang="' + lang + '"][data-game="' + g + '"]');
    var form = page.querySelector(".fields"), v = { game: g };
    var fields = () => form.querySelectorAll("input,select");
    var first = form.querySelectorAll("[data-group]");
    // The salvos of a link that skips numbers (s1 and s3) are numbered 1,
    // 2, ... in their order, by their keys' prefixes, as the client does
    // (calc.renumberSalvos).
    var prefixes = {{SALVO_PREFIXES}}, to = {}, salvos = 0;
    prefixes.forEach((p) => {
      for (var k of q.keys()) if (k.startsWith(p)) { to[p] = prefixes[salvos++]; break; }
    });
    var renamed = new URLSearchParams();
    q.forEach((x, k) => {
      var p = k.slice(0, k.indexOf(".") + 1);
      renamed.append(to[p] ? to[p] + k.slice(p.length) : k, x);
    });
    q = renamed;
    for (let n = 2; n <= salvos; n++) {
      first.forEach((e) => {
        var c = e.cloneNode(true);
        [c, ...c.querySelectorAll("*")].forEach((x) => {
          for (var a of x.attributes) a.value = a.value.replace(/\bs1\./g, prefixes[n - 1]);
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
    // holds is cond.holds, its cases written from calc.condTests.
    var holds = (c) => {
      var x = v[c.key] || "", n = c.n | 0;
      switch (c.op) {
{{HOLDS_CASES}}
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
    // Nothing that needs the client takes a tap before it starts, and it
    // looks so: the share bar, the help buttons, the row after the roll.
    page.querySelectorAll(".calc input, .calc select, .calc button").forEach((e) => { e.disabled = true; });
    page.querySelectorAll(".calc details").forEach((e) => { e.inert = true; });
    form.setAttribute("aria-busy", "true");
    form.classList.remove("pending");
    // A share link's sender's headline (claim.go) shows in the answer's
    // place at once, marked as not yet checked on this phone: the client
    // checks it once it has worked the answer out. It goes in a new
    // element drawn as the client draws its answer: the browser counts an
    // element's paint once, at its first, so words put into the pending
    // sentence, if already drawn, would not count as the page's largest
    // paint, and the client's sentence, seconds later, would.
    var ans = q.getAll("ans"), said = ans.length == 1 && ans[0].length <= 40 && {{CLAIM_SENTENCE}}(lang, ans[0]);
    var s = page.querySelector("#calc-sentence");
    if (said && s) {
      var m = document.createElement("p"), n = s.cloneNode(false);
      n.textContent = said;
      n.classList.remove("pending");
      s.replaceWith(n);
      s = n;
      m.id = "calc-claim";
      m.className = "claim checking";
      m.dataset.claim = "checking";
      m.textContent = {{CLAIM_CHECKING}}[lang];
      s.after(m);
    }
  }
  // readersPage puts the page waiting in the script the selector names
  // (app/prerender.go), if any, in place of the one in view, and returns
  // the page in view.
  function readersPage(selector) {
    var all = document.body.firstElementChild, page = all.firstElementChild;
    var t = all.querySelector(selector);
    if (t) {
      document.title = t.dataset.title;
      page.outerHTML = t.text;
    }
    return all.firstElementChild;
  }
})
