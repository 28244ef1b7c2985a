package calc

import (
	"encoding/base64"
	"fmt"
	"slices"
	"strconv"

	"github.com/at4x/companion/app/army"
	"github.com/at4x/companion/app/qr"
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Render draws the picks, the matrix, the share bar, the reader's armies
// and the editor.
func (c *Armies) Render() goapp.UI {
	return ui.Elem("article").Class("armies").Body(
		ui.Elem("h1").Text(c.t(i18n.ArmiesTitle)),
		ui.Elem("p").Class("muted").Text(c.t(i18n.ArmiesIntro)),
		goapp.If(len(c.messages) > 0 || c.full, func() goapp.UI {
			items := slices.Clone(c.messages)
			if c.full {
				items = append(items, fmt.Sprintf(c.t(i18n.ArmyFull), army.MaxArmies))
			}
			return ui.Elem("ul").Class("army-messages").ID("army-messages").Role("alert").Body(goapp.Range(items).Slice(func(i int) goapp.UI {
				return ui.Elem("li").Text(items[i])
			}))
		}),
		goapp.If(c.undo != nil, func() goapp.UI {
			return ui.Elem("p").Class("note").Role("status").Body(
				goapp.Text(fmt.Sprintf(c.t(i18n.ArmyDeletedF), c.undo.name)+" "),
				goapp.Button().Type("button").Class("btn ghost").ID("army-undo").Text(c.t(i18n.ArmyUndo)).OnClick(c.undoDelete),
			)
		}),
		goapp.If(goapp.IsClient, c.matrixSection),
		goapp.If(goapp.IsClient, c.listSection),
		goapp.If(goapp.IsClient && c.edit.army >= 0 && c.edit.army < len(c.armies), c.editor),
	)
}

// matrixSection is the two picks, the view, the situation, the matrix and
// the share bar.
func (c *Armies) matrixSection() goapp.UI {
	pick := func(id string, label i18n.Key, at int) goapp.UI {
		return goapp.Div().Class("field").Body(
			goapp.Label().For(id).Text(c.t(label)),
			goapp.Select().ID(id).OnChange(c.pick).Body(
				ui.Selected(goapp.Option().Value("-1"), at < 0).Text("—"),
				goapp.Range(c.armies).Slice(func(i int) goapp.UI {
					a := c.armies[i]
					return ui.Selected(goapp.Option().Value(strconv.Itoa(i)), i == at).Text(a.Name + " · " + ui.GameName(a.Game))
				}),
			),
		)
	}
	sitFields := []goapp.UI{}
	shoot := specFor("shoot")
	sitValues := map[string]string{"range": strconv.Itoa(c.sit.Range), "cm": c.sit.CM, "cover": c.sit.Cover}
	if c.sit.CM != "" {
		if g := gameRules(c.game()); g != nil && g.RangeBand != nil {
			sitValues["range"] = strconv.Itoa(g.RangeBand(atoi(c.sit.CM)))
		}
	}
	melee := c.view == army.ViewMelee || c.view == army.ViewMeleeThreat
	for _, k := range []string{"range", "cm", "cover"} {
		f, _ := shoot.field(k, nil)
		if melee {
			break
		}
		label, term, help := fieldLabel(c.words, f)
		var opts []fieldOption
		for _, o := range f.options {
			opts = append(opts, fieldOption{Value: o.value, Label: c.words.t(o.label)})
		}
		sitFields = append(sitFields, &fieldView{Lang: c.Lang, Key: k, Kind: f.kind, Label: label, Term: term, Help: help,
			Value: sitValues[k], Min: f.min, Max: f.max, Options: opts})
	}
	views := []i18n.Key{i18n.ArmyViewFire, i18n.ArmyViewThreat, i18n.ArmyViewMelee, i18n.ArmyViewMeleeThreat}
	link := c.link()
	return ui.Elem("section").Class("army-pick").Body(
		goapp.Div().Class("army-picks").Body(
			pick("army-mine", i18n.ArmyMine, c.mine),
			goapp.Button().Type("button").Class("btn ghost").ID("army-swap").Text(c.t(i18n.ArmySwap)).OnClick(c.swap),
			pick("army-theirs", i18n.ArmyTheirs, c.theirs),
		),
		goapp.Div().Class("army-views").Role("group").Body(goapp.Range(army.Views).Slice(func(i int) goapp.UI {
			v := army.Views[i]
			return goapp.Button().Type("button").Class("chip").ID("army-view-"+string(v)).Value(string(v)).
				Aria("pressed", v == c.view).Text(c.t(views[i])).OnClick(c.pickView)
		})),
		c.matrixView(),
		goapp.Div().Class("fields army-situation").Body(sitFields...),
		ui.Elem("p").Class("field").Body(
			goapp.Label().For("army-link").Text(c.t(i18n.ArmyLink)),
			goapp.Input().Type("url").Class("share-link").ID("army-link").ReadOnly(true).Value(absolute(link)),
		),
		&shareBar{Lang: c.Lang, Link: link},
	)
}

// matrixView is the matrix, in a frame of its own that scrolls with its
// row and column names kept in view.
func (c *Armies) matrixView() goapp.UI {
	switch {
	case c.mErr != nil:
		return ui.Elem("p").Class("note").Text(c.t(i18n.ArmyDifferentGames))
	case c.matrix == nil:
		return ui.Elem("p").Class("note").Text(c.t(i18n.ArmyPickTwo))
	case c.matrix.Size() == 0:
		return ui.Elem("p").Class("note").Text(c.t(i18n.ArmyEmptyMatrix))
	}
	m := c.matrix
	done := m.Done()
	bestCol := make([]int, len(m.Cols))
	for j := range m.Cols {
		bestCol[j] = -1
		if done {
			bestCol[j] = m.BestInCol(j)
		}
	}
	return ui.Elem("figure").Class("army-matrix").Body(
		ui.Elem("figcaption").Class("muted").Text(c.t(i18n.ArmyLegend)),
		ui.Elem("p").Class("muted").ID("army-progress").Role("status").Text(c.progress()),
		goapp.Div().Class("matrix-frame").TabIndex(0).Role("region").Aria("label", c.t(i18n.ArmiesTitle)).Body(
			ui.Elem("table").ID("army-matrix").DataSet("done", done).DataSet("view", string(m.View)).Body(
				ui.Elem("thead").Body(ui.Elem("tr").Body(
					ui.Elem("th").Class("corner").Text(c.t(i18n.ArmyCorner)),
					goapp.Range(m.Cols).Slice(func(j int) goapp.UI {
						return ui.Elem("th").Attr("scope", "col").Text(m.Cols[j].Unit)
					}),
				)),
				ui.Elem("tbody").Body(goapp.Range(m.Rows).Slice(func(i int) goapp.UI {
					row := m.Rows[i]
					best := -1
					if done {
						best = m.BestInRow(i)
					}
					return ui.Elem("tr").Body(
						ui.Elem("th").Attr("scope", "row").Body(
							ui.Elem("span").Class("unit").Text(row.Unit),
							goapp.If(row.Weapon != "", func() goapp.UI { return ui.Elem("span").Class("weapon").Text(row.Weapon) }),
						),
						goapp.Range(m.Cells[i]).Slice(func(j int) goapp.UI {
							return c.cellView(i, j, best == j, bestCol[j] == i)
						}),
					)
				})),
			),
		),
	)
}

// progress says how much of the matrix is worked out, "" once it all is.
func (c *Armies) progress() string {
	if c.matrix == nil || c.matrix.Done() {
		return ""
	}
	return fmt.Sprintf(c.t(i18n.ArmyFillingF), c.matrix.Filled(), c.matrix.Size())
}

// cellView is one cell: a link to its calculator, showing the figures.
func (c *Armies) cellView(i, j int, bestRow, bestCol bool) goapp.UI {
	m := c.matrix
	cell := m.Cells[i][j]
	text, cls := cellText(c.Lang, cell)
	if bestRow {
		cls += " br"
	}
	if bestCol {
		cls += " bc"
	}
	name := m.Rows[i].Unit
	if m.Rows[i].Weapon != "" {
		name += ", " + m.Rows[i].Weapon
	}
	return ui.Elem("td").ID("ac-" + strconv.Itoa(i) + "-" + strconv.Itoa(j)).Class(cls).Body(
		goapp.A().Href(c.cellHref(cell)).Aria("label", fmt.Sprintf(c.t(i18n.ArmyCellF), name, m.Cols[j].Unit, text)).Text(text),
	)
}

// cellText is a cell's figures and its class on the colour scale.
func cellText(lang string, cell army.Cell) (string, string) {
	switch {
	case !cell.Done:
		return "…", "cell"
	case cell.Err != nil:
		return "—", "cell off"
	}
	cls := "cell s" + strconv.Itoa(min(4, int(cell.Score*5)))
	if cell.Vehicle {
		return i18n.Percent(lang, cell.Destroyed), cls + " veh"
	}
	return i18n.Fixed(lang, cell.Mean, 1) + " · " + i18n.Percent(lang, cell.AtLeast1), cls
}

// cellHref is the cell's calculator link, in the page's language.
func (c *Armies) cellHref(cell army.Cell) string {
	return shareLink(c.Base, cell.Calc, c.Lang, cell.Query)
}

// writeCells writes the cells filled since from straight into the page,
// while the matrix fills: go-app redraws the whole page once it is done.
func (c *Armies) writeCells(from int) {
	m := c.matrix
	doc := goapp.Window().Get("document")
	for n := from; n < m.Filled(); n++ {
		i, j := n/len(m.Cols), n%len(m.Cols)
		td := doc.Call("getElementById", "ac-"+strconv.Itoa(i)+"-"+strconv.Itoa(j))
		if !td.Truthy() {
			continue
		}
		text, cls := cellText(c.Lang, m.Cells[i][j])
		td.Set("className", cls)
		if a := td.Get("firstChild"); a.Truthy() {
			a.Set("textContent", text)
		}
	}
	if p := doc.Call("getElementById", "army-progress"); p.Truthy() {
		p.Set("textContent", c.progress())
	}
}

// listSection lists the reader's armies with what can be done to each,
// and the import.
func (c *Armies) listSection() goapp.UI {
	return ui.Elem("section").Class("army-list").Body(
		ui.Elem("h2").Text(c.t(i18n.ArmyYours)),
		goapp.If(len(c.armies) == 0, func() goapp.UI { return ui.Elem("p").Class("muted").Text(c.t(i18n.ArmyNone)) }),
		ui.Elem("ul").Class("marks").Body(goapp.Range(c.armies).Slice(func(i int) goapp.UI {
			a := c.armies[i]
			n := strconv.Itoa(i)
			btn := func(id string, label i18n.Key, h goapp.EventHandler) goapp.UI {
				return goapp.Button().Type("button").Class("btn ghost").ID(id+"-"+n).DataSet("army", i).Text(c.t(label)).OnClick(h)
			}
			return ui.Elem("li").Class("army-item").Body(
				ui.Elem("span").Class("army-name").Text(a.Name),
				ui.Elem("span").Class("muted").Text(" "+ui.GameName(a.Game)+" · "+fmt.Sprintf(c.t(i18n.ArmyUnitsF), len(a.Units))+" "),
				goapp.Div().Class("army-actions").Body(
					btn("army-edit", i18n.ArmyEdit, c.editArmy),
					btn("army-copy", i18n.ArmyCopy, c.copyArmy),
					goapp.A().Class("btn ghost").ID("army-export-"+n).Attr("download", fileName(a.Name)).
						Href("data:application/json;base64,"+base64.StdEncoding.EncodeToString(army.Encode(a))).Text(c.t(i18n.ArmyExport)),
					btn("army-qr", i18n.ShowQR, c.toggleQR),
					btn("army-delete", i18n.ArmyDelete, c.deleteArmy),
				),
				goapp.If(c.qrFor == i, func() goapp.UI { return c.armyQR(i) }),
			)
		})),
		goapp.Div().Class("army-add").Body(
			goapp.Button().Type("button").Class("btn").ID("army-new").Text(c.t(i18n.ArmyNew)).OnClick(c.newArmy),
			goapp.Label().For("army-import").Class("btn ghost").Text(c.t(i18n.ArmyImport)),
			goapp.Input().Type("file").ID("army-import").Class("visually-hidden").Accept(".json,application/json").OnChange(c.importFile),
		),
	)
}

// armyQR is the QR code of the link that opens army i as the opponent's.
func (c *Armies) armyQR(i int) goapp.UI {
	link := absolute(c.armyLink(i))
	code, err := qr.Encode([]byte(link))
	if err != nil {
		return ui.Elem("p").Class("note").Text(c.t(i18n.QRTooLong))
	}
	return ui.Elem("figure").Class("qr").ID("army-qr").DataSet("link", link).Body(
		goapp.Div().Class("qr-box").Role("img").Aria("label", fmt.Sprintf(c.t(i18n.QRLabelF), link)).Body(goapp.Raw(code.SVG())),
		ui.Elem("figcaption").Class("muted").Text(c.t(i18n.ArmyQRCaption)),
	)
}

// fileName is an army's file name: its name, with what a file name cannot
// hold replaced.
func fileName(name string) string {
	out := []rune{}
	for _, r := range name {
		if r < 32 || r == '/' || r == '\\' || r == ':' || r == '*' || r == '?' || r == '"' || r == '<' || r == '>' || r == '|' {
			r = '_'
		}
		out = append(out, r)
	}
	return string(out) + ".json"
}
