package calc

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/at4x/companion/app/qr"
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// shareLink is a calculator's share link: the site's base path, the
// calculator and its values with the page's language, as the address bar
// shows it once the taps pause.
func shareLink(base, name, lang string, values url.Values) string {
	q := clone(values)
	q.Set("lang", lang)
	return base + "/calc/" + name + "?" + q.Encode()
}

// absolute is a site link with the page's origin in front, as another
// device needs it. The server, which knows no origin, keeps the path.
func absolute(link string) string {
	if !goapp.IsClient {
		return link
	}
	return goapp.Window().Get("location").Get("origin").String() + link
}

// shareBar hands the calculation's link to the opponent: through the
// device's share sheet where it has one (phones, an installed app with no
// address bar), by the clipboard otherwise, or as a QR code to scan.
type shareBar struct {
	goapp.Compo

	Lang     string
	Link     string // the share link, as shareLink writes it
	Headline string // sent with the link
	// End tells the bar under the answer's charts and table from the one
	// under the headline: the reader who has read them shares from there,
	// not four screens up. Its ids end in it: "" for the bar under the
	// headline, "-end" for the other.
	End string

	said    i18n.Key // the last confirmation, shown while Link is saidFor
	saidFor string
	showQR  bool
}

// Render draws the two buttons, the confirmation and the QR code.
func (b *shareBar) Render() goapp.UI {
	var said string
	if b.said != 0 && b.saidFor == b.Link {
		said = i18n.T(b.Lang, b.said)
	}
	toggle := goapp.Button().Type("button").Class("btn ghost").ID("calc-qr-toggle"+b.End).Aria("expanded", b.showQR).
		Text(i18n.T(b.Lang, i18n.ShowQR)).OnClick(b.toggleQR)
	if b.showQR {
		toggle = toggle.Aria("controls", "calc-qr"+b.End) // only while it is there
	}
	return goapp.Div().Class("share-bar").Body(
		goapp.Button().Type("button").Class("btn").ID("calc-share"+b.End).DataSet("link", b.Link).DataSet("headline", b.Headline).
			Text(i18n.T(b.Lang, i18n.ShareLink)).OnClick(b.share),
		toggle,
		ui.Elem("p").Class("share-said").Role("status").Text(said),
		goapp.If(said != "" && b.said == i18n.CopyByHand, func() goapp.UI {
			return goapp.Input().Type("url").Class("share-link").ID("calc-link"+b.End).ReadOnly(true).Value(absolute(b.Link)).
				Aria("label", i18n.T(b.Lang, i18n.ShareLink)).OnFocus(b.selectAll)
		}),
		goapp.If(b.showQR, func() goapp.UI { return &qrCode{Lang: b.Lang, Link: absolute(b.Link), ID: "calc-qr" + b.End} }),
	)
}

// share opens the share sheet, or copies the link where there is none or
// the sheet failed for another reason than the reader closing it.
//
// The link and headline are the button's data: the page writes them there
// at each change (historyEntry.syncURL), before the redraw gives the bar
// its props.
func (b *shareBar) share(ctx goapp.Context, e goapp.Event) {
	ctx.NewAction(actionShared)
	ds := ctx.JSSrc().Get("dataset")
	at, headline := ds.Get("link").String(), ds.Get("headline").String()
	link := absolute(at)
	nav := goapp.Window().Get("navigator")
	if !nav.Get("share").Truthy() {
		b.copy(ctx, link, at)
		return
	}
	data := map[string]any{"title": i18n.T(b.Lang, i18n.ShareTitle), "text": headline, "url": link}
	settle(nav.Call("share", data), func(goapp.Value) {
		ctx.Dispatch(func(goapp.Context) { b.say(i18n.LinkShared, at) })
	}, func(err goapp.Value) {
		if err.Truthy() && err.Get("name").String() == "AbortError" {
			return // closed by the reader
		}
		ctx.Dispatch(func(ctx goapp.Context) { b.copy(ctx, link, at) })
	})
}

// copy puts the link on the clipboard, with the older way as a fallback
// where the clipboard API is missing or refused (a page not served over
// HTTPS, a browser's policy).
func (b *shareBar) copy(ctx goapp.Context, link, at string) {
	clip := goapp.Window().Get("navigator").Get("clipboard")
	if !clip.Truthy() {
		b.say(copyByCommand(link), at)
		return
	}
	settle(clip.Call("writeText", link), func(goapp.Value) {
		ctx.Dispatch(func(goapp.Context) { b.say(i18n.LinkCopied, at) })
	}, func(goapp.Value) {
		ctx.Dispatch(func(goapp.Context) { b.say(copyByCommand(link), at) })
	})
}

// say shows a confirmation for the link it is about.
func (b *shareBar) say(k i18n.Key, link string) { b.said, b.saidFor = k, link }

func (b *shareBar) toggleQR(ctx goapp.Context, e goapp.Event) {
	b.showQR = !b.showQR
	if b.showQR {
		ctx.NewAction(actionShared)
	}
}

func (b *shareBar) selectAll(ctx goapp.Context, e goapp.Event) { ctx.JSSrc().Call("select") }

// copyByCommand copies text through a hidden text area and the older
// copy command, telling which confirmation to show.
func copyByCommand(text string) i18n.Key {
	doc := goapp.Window().Get("document")
	area := doc.Call("createElement", "textarea")
	area.Set("value", text)
	area.Call("setAttribute", "readonly", "")
	area.Get("style").Set("position", "fixed")
	area.Get("style").Set("opacity", "0")
	doc.Get("body").Call("appendChild", area)
	area.Call("select")
	ok := doc.Call("execCommand", "copy").Bool()
	area.Call("remove")
	if ok {
		return i18n.LinkCopied
	}
	return i18n.CopyByHand
}

// settle calls ok or fail once a promise resolves or rejects.
func settle(promise goapp.Value, ok, fail func(goapp.Value)) {
	var then, catch goapp.Func
	done := func(f func(goapp.Value)) goapp.Func {
		return goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
			var arg goapp.Value = goapp.Null()
			if len(args) > 0 {
				arg = args[0]
			}
			f(arg)
			then.Release()
			catch.Release()
			return nil
		})
	}
	then, catch = done(ok), done(fail)
	promise.Call("then", then, catch)
}

// qrCode shows a link as a QR code for another phone to scan.
type qrCode struct {
	goapp.Compo

	Lang string
	Link string // absolute
	ID   string
}

// Render draws the code with a caption, or says the link is too long.
func (q *qrCode) Render() goapp.UI {
	link := q.Link
	code, err := qr.Encode([]byte(link))
	if before, _, claimed := strings.Cut(link, "&"+keyClaim+"="); err != nil && claimed {
		// The sender's figures are the first to go: the link without them
		// gives the same answer, only later on a first visit.
		link = before
		code, err = qr.Encode([]byte(link))
	}
	if err != nil {
		return ui.Elem("p").Class("note").ID(q.ID).Text(i18n.T(q.Lang, i18n.QRTooLong))
	}
	// The picture (the SVG itself is hidden) is named by what it holds:
	// the link, which a screen reader can then say.
	return ui.Elem("figure").Class("qr").ID(q.ID).Body(
		goapp.Div().Class("qr-box").Role("img").Aria("label", fmt.Sprintf(i18n.T(q.Lang, i18n.QRLabelF), link)).Body(goapp.Raw(code.SVG())),
		ui.Elem("figcaption").Class("muted").Text(i18n.T(q.Lang, i18n.QRCaption)),
	)
}
