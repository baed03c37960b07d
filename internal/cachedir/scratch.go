package cachedir

import (
	"fmt"
	"os"
)

// Scratch makes a new directory named prefix followed by a random suffix
// in the build's directory (Build): a command's own working files, such
// as a hunt's traces, which it removes when done. One a killed command
// left behind is an entry like any other, trimmed once unused.
func Scratch(prefix string) (string, error) {
	root, err := Build()
	if err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp(root, prefix)
	if err != nil {
		return "", fmt.Errorf("cache: %w", err)
	}
	return dir, nil
}
