// Package calc is the calculators' room of the interface: the page that
// reads a share link, runs the exact odds engine (package rules) on it and
// shows the answer, with everything around it (the fields, the summary, the
// explanation, charts, table, export, profiles, history and the share bar
// with its QR code).
//
// One table, calculators (calculators.go), has a row per calculator: its
// name, title and games, and what builds its spec the first time a page
// shows it: its fields, what-ifs, and the run of the engine (parse,
// compute, then read the result into an outcome: outcome.go). The fields
// are written in a small language of builders and conditions (fields.go).
// The shell (package app) routes /calc/{name} to a Page, and builds its
// menus, the home page's cards and the static pages from the functions of
// links.go (Names, NamesFor, Games, Title, Question, First, Href): so
// adding a calculator is adding a row.
//
// A Page's state is the address's query: it reads the link when it is
// navigated to, and every change rewrites the address in place, so the
// address bar is always the link to share. The link holds the values the
// reader set and, under keys no engine input reads, how the answer shows
// (viewkeys.go), so that the opponent opening it sees what the sender sees.
// A Page does three jobs, each with its type: a calculation holds the
// values and the answers and calls no go-app (calculation.go, with
// evaluation.go, viewkeys.go and roll.go), a historyEntry keeps the address
// and the history of calculations in step with it (entry.go), and the Page
// itself takes the reader's changes (change.go) and draws (page.go). What
// it draws are child components with value props only, which report back
// with actions (action*), so that a tap re-renders the field touched and
// the parts of the result that changed, not the page. The words come from
// the glossary, in the game's own terms (AT-44's PRE where AT-43 says
// Accuracy: words.go, whose fill puts them into the interface strings'
// {term} marks), and the engine's steps are phrased by explain.go, keyed by
// rules.StepKind.
//
// A link opened for the first time shows its values before the client has
// started: the prerendered form holds every field a link may show, with the
// conditions that show them, for the head script to fill in (prefill.go);
// the answer waits for the engine. That part of the head script is calc's
// own (prefill.js, steppers.js: HeadScript), and what it shares with the
// client is written from the same Go: the conditions' tests (condTests) and
// the salvos' keys (salvos.go).
//
// At the table every tap counts: a held step button repeats, a number
// selects itself when focused, a distance has quick values (stepper.go,
// steppers.js); after the dice the reader can say what happened and read
// how likely that was, from the same exact distribution (roll.go).
//
// Imports run one way: the shell imports calc, calc imports the leaf
// packages ui, store and the QR encoder, never the shell
// (build/deps_test.go checks it).
package calc
