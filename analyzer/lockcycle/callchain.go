package lockcycle

import (
	"strings"
)

// chain renders a call chain ("a -> b").
func chain(via []string) string { return strings.Join(via, " -> ") }

func prepend(name string, via []string) []string {
	if len(via) > 0 && via[0] == name { // a synthetic wrapper named like its method
		return via
	}
	out := make([]string, 0, len(via)+1)
	return append(append(out, name), via...)
}
