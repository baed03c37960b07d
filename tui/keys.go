package tui

import "github.com/charmbracelet/bubbles/key"

// keyMap is every binding of the review UI. Components show the subset that
// applies to them in the help line.
type keyMap struct {
	Up, Down, Open, Back, Quit, Help       key.Binding
	Filter, Status                         key.Binding
	NextSite, PrevSite, Lanes, Left, Right key.Binding
	Replay, Edit, Ignore, Unignore, Copy   key.Binding
	Accept, Cancel                         key.Binding
	// In the schedule: jump to the next change point (a switch of
	// goroutine, a priority change, a folded loop), the next step of a
	// goroutine of the finding, the deadlock.
	NextChange, NextOfFinding, Deadlock key.Binding
}

func defaultKeys() keyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return keyMap{
		Up:       b("↑/k", "up", "up", "k"),
		Down:     b("↓/j", "down", "down", "j"),
		Open:     b("enter", "details", "enter"),
		Back:     b("esc", "back", "esc"),
		Quit:     b("q", "quit", "q", "ctrl+c"),
		Help:     b("?", "more keys", "?"),
		Filter:   b("/", "filter", "/"),
		Status:   b("s", "status", "s"),
		NextSite: b("n", "next site", "n", "tab"),
		PrevSite: b("N", "prev site", "N", "shift+tab"),
		Lanes:    b("w", "schedule", "w"),
		Left:     b("←/h", "lanes left", "left", "h"),
		Right:    b("→/l", "lanes right", "right", "l"),
		Replay:   b("r", "replay", "r"),
		Edit:     b("e", "edit", "e"),
		Ignore:   b("i", "ignore", "i"),
		Unignore: b("u", "unignore", "u"),
		Copy:     b("y", "copy replay", "y"),
		Accept:   b("enter", "accept", "enter"),
		Cancel:   b("esc", "cancel", "esc"),

		NextChange:    b("c", "next change", "c"),
		NextOfFinding: b("g", "next of finding", "g"),
		Deadlock:      b("d", "deadlock", "d"),
	}
}

// actions are the bindings that act on the selected finding.
func (k keyMap) actions() []key.Binding {
	return []key.Binding{k.Replay, k.Edit, k.Ignore, k.Unignore, k.Copy}
}
