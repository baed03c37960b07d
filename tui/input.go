package tui

import tea "github.com/charmbracelet/bubbletea"

// lineInput is a one-line text field: typed runes append, backspace deletes,
// ctrl+u clears. (bubbles/textinput would pull in a clipboard module this
// module does not carry.)
type lineInput struct {
	prompt string
	value  []rune
}

func (in *lineInput) Value() string     { return string(in.value) }
func (in *lineInput) SetValue(s string) { in.value = []rune(s) }
func (in *lineInput) View() string      { return in.prompt + string(in.value) + "█" }

// Update applies a key and reports whether it changed the value.
func (in *lineInput) Update(km tea.KeyMsg) bool {
	switch km.Type {
	case tea.KeyRunes:
		in.value = append(in.value, km.Runes...)
	case tea.KeySpace:
		in.value = append(in.value, ' ')
	case tea.KeyBackspace:
		if len(in.value) == 0 {
			return false
		}
		in.value = in.value[:len(in.value)-1]
	case tea.KeyCtrlU:
		in.value = nil
	default:
		return false
	}
	return true
}
