// The calculators' steppers at the table (issue 23): a held step button
// repeats its click, after 400 ms, then faster down to every 40 ms, until
// the finger lifts, leaves it, scrolls (pointercancel) or the value reaches
// its end; the click that ends a hold which stepped is no extra step, a
// keyboard's click always is. A focused number (or list) selects itself, so
// that typing replaces it. In the head script (calc.HeadScript adds it to
// the shell's, app/head.js) and not in the wasm: listening on every button
// through go-app cost 15 KB of the first visit's budget.
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
