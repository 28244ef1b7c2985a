// The sender's headline a share link carries (claim.go): the sentence the
// page words from the figures of its key ans, in the reader's language, as
// the client words its own, or "" when they are no claim. The figures pass
// the client's patterns, so what shows is digits and marks only. Its words
// and patterns are written from Go (calc.HeadScript).
(function (lang, s) {
  var w = {{CLAIM_WORDS}}[lang], re = {{CLAIM_PATTERNS}}.map((p) => new RegExp(p));
  var parts = String(s).split("_"), sh = w && {}.hasOwnProperty.call(w.shapes, parts[0]) && w.shapes[parts[0]];
  if (!sh) return "";
  var fill = (f, ...a) => { var i = 0; return f.replace(/%[sd]/g, () => a[i++]); };
  var dec = (x) => (lang == "fr" ? x.replace(".", ",") : x);
  var pct = (x) => dec(x) + (lang == "fr" ? "\u202f%" : "%");
  var chance = (x) => { var m = x.split("~"); return m.length > 1 ? fill(w.margin, pct(m[0]), pct(m[1])) : pct(x); };
  if (sh.chance) return parts.length == 2 && re[1].test(parts[1]) ? fill(sh.chance, chance(parts[1])) : "";
  if (parts.length == 2 && re[0].test(parts[1])) return fill(w.none, dec(parts[1]), sh.noun);
  if (parts.length == 4 && re[0].test(parts[1]) && re[1].test(parts[2]) && re[2].test(parts[3]))
    return fill(w.expect, dec(parts[1]), sh.noun, chance(parts[2]), parts[3]);
  return "";
})
