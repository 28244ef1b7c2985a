# Prints pages with WebKitGTK, Safari's engine, as its GTK print dialog
# would to a PDF file on A4 with the paper's default margins: a test of the
# reference cards (print_engines_test.go) runs it under xvfb-run.
# WebKitWebDriver has no Print Page command, so this drives WebKitGTK's own
# API (WebKitPrintOperation) through PyGObject.
#
# Usage: python3 webkit_print.py URL OUT.pdf [URL OUT.pdf ...]
# Each page is printed once its client says it is ready (data-app="ready"
# on <html>); a page that never gets there, or a print that fails, ends the
# run with status 1 and a message on stderr.
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402

READY_POLLS = 300  # every 200 ms: a minute for the wasm to start
jobs = list(zip(sys.argv[1::2], sys.argv[2::2]))
failed = []

window = Gtk.OffscreenWindow()
view = WebKit2.WebView()
window.add(view)
window.set_default_size(800, 1000)
window.show_all()
state = {"job": -1, "polls": 0}


def fail(message):
    failed.append(message)
    Gtk.main_quit()


def next_job():
    state["job"] += 1
    state["polls"] = 0
    if state["job"] >= len(jobs):
        Gtk.main_quit()
        return False
    view.load_uri(jobs[state["job"]][0])
    return False


def on_load(_view, event):
    if event == WebKit2.LoadEvent.FINISHED:
        GLib.timeout_add(200, poll)


def poll():
    view.evaluate_javascript('document.documentElement.dataset.app || ""', -1, None, None, None, polled)
    return False


def polled(_view, result):
    try:
        value = view.evaluate_javascript_finish(result).to_string()
    except GLib.Error as err:
        fail("%s: %s" % (jobs[state["job"]][0], err.message))
        return
    state["polls"] += 1
    if value == "ready":
        print_page()
    elif state["polls"] > READY_POLLS:
        fail("%s: the client is not ready after a minute (data-app %r)" % (jobs[state["job"]][0], value))
    else:
        GLib.timeout_add(200, poll)


def print_page():
    out = jobs[state["job"]][1]
    settings = Gtk.PrintSettings()
    settings.set_printer("Print to File")
    settings.set(Gtk.PRINT_SETTINGS_OUTPUT_FILE_FORMAT, "pdf")
    settings.set(Gtk.PRINT_SETTINGS_OUTPUT_URI, GLib.filename_to_uri(out, None))
    setup = Gtk.PageSetup()
    setup.set_paper_size_and_default_margins(Gtk.PaperSize.new(Gtk.PAPER_NAME_A4))
    op = WebKit2.PrintOperation.new(view)
    op.set_print_settings(settings)
    op.set_page_setup(setup)
    op.connect("failed", lambda _op, err: fail("%s: printing failed: %s" % (jobs[state["job"]][0], err.message)))
    op.connect("finished", lambda _op: GLib.idle_add(next_job))
    op.print_()


view.connect("load-changed", on_load)
GLib.idle_add(next_job)
Gtk.main()
if failed:
    print("\n".join(failed), file=sys.stderr)
    sys.exit(1)
