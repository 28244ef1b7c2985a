package ui

import goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

// Boolean attributes. go-app prerenders Checked(false) as checked="false",
// which a browser reads as checked, since only the attribute's presence
// counts; the same holds for selected and disabled. In the client go-app
// sets these as properties, where false is false, and it must keep doing
// so, or a box unticked by the program would stay ticked. So these helpers
// leave a false value out of the prerendered page only.

// Checked sets an input's checked state.
func Checked(in goapp.HTMLInput, on bool) goapp.HTMLInput {
	if on || goapp.IsClient {
		return in.Checked(on)
	}
	return in
}

// Selected sets an option's selected state.
func Selected(o goapp.HTMLOption, on bool) goapp.HTMLOption {
	if on || goapp.IsClient {
		return o.Selected(on)
	}
	return o
}

// Disabled sets a button's disabled state.
func Disabled(b goapp.HTMLButton, on bool) goapp.HTMLButton {
	if on || goapp.IsClient {
		return b.Disabled(on)
	}
	return b
}
