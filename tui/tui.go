package tui

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/suppress"
)

// Options configure a review session. Zero values take the defaults noted.
type Options struct {
	// ReportPath is the report to review (required).
	ReportPath string
	// ModuleRoot is the root of the module under review: relative file names
	// in the report are read from here and the suppression file lives here.
	ModuleRoot string
	// Binary is the deadhunt executable run for replays (default os.Args[0]).
	Binary string
	// Replay builds the command that replays one finding (default: Binary
	// replay ReportPath --finding ID).
	Replay func(reportPath, id string) *exec.Cmd
	// Editor is the editor command, split on spaces, run as Editor +LINE FILE
	// (default $VISUAL, then $EDITOR).
	Editor string
	// Clipboard copies text (default: OSC52 on Output).
	Clipboard func(text string) error
	// NoColor renders without colour (default: set when NO_COLOR is set).
	NoColor bool
	// Input and Output replace the terminal, for tests (default stdin/stdout).
	Input  io.Reader
	Output io.Writer
	// Now stamps suppressions (default time.Now).
	Now func() time.Time
}

// Run reviews the report until the user quits. A replay still running then
// is killed.
func Run(opts Options) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if opts.Replay == nil {
		bin := firstNonEmpty(opts.Binary, os.Args[0])
		opts.Replay = func(reportPath, id string) *exec.Cmd {
			return exec.CommandContext(ctx, bin, "replay", reportPath, "--finding", id)
		}
	}
	m, err := New(opts)
	if err != nil {
		return err
	}
	var popts []tea.ProgramOption
	if opts.Input != nil {
		popts = append(popts, tea.WithInput(opts.Input))
	}
	if opts.Output != nil {
		popts = append(popts, tea.WithOutput(opts.Output))
	}
	popts = append(popts, tea.WithAltScreen())
	if _, err := tea.NewProgram(m, popts...).Run(); err != nil {
		return fmt.Errorf("tui: %w", err)
	}
	return nil
}

// New loads the report and the suppression file and returns the root model.
func New(opts Options) (*Model, error) {
	opts = withDefaults(opts)
	root, err := filepath.Abs(opts.ModuleRoot)
	if err != nil {
		return nil, fmt.Errorf("tui: %w", err)
	}
	opts.ModuleRoot = root // so that Update and View never ask for the working directory
	rep, err := report.ReadFile(opts.ReportPath)
	if err != nil {
		return nil, fmt.Errorf("tui: %w", err)
	}
	ign, err := suppress.Load(opts.ModuleRoot)
	if err != nil {
		return nil, fmt.Errorf("tui: %w", err)
	}
	ign.Now = opts.Now
	return newModel(opts, rep, ign), nil
}

func withDefaults(o Options) Options {
	if o.ModuleRoot == "" {
		o.ModuleRoot = "."
	}
	if o.Binary == "" {
		o.Binary = os.Args[0]
	}
	if o.Replay == nil {
		bin := o.Binary
		o.Replay = func(reportPath, id string) *exec.Cmd {
			return exec.Command(bin, "replay", reportPath, "--finding", id)
		}
	}
	if o.Editor == "" {
		o.Editor = firstNonEmpty(os.Getenv("VISUAL"), os.Getenv("EDITOR"))
	}
	if o.Output == nil {
		o.Output = os.Stdout
	}
	if o.Clipboard == nil {
		out := termenv.NewOutput(o.Output)
		o.Clipboard = func(text string) error { out.Copy(text); return nil }
	}
	if _, ok := os.LookupEnv("NO_COLOR"); ok {
		o.NoColor = true
	}
	return o
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

func newRenderer(o Options) *lipgloss.Renderer {
	r := lipgloss.NewRenderer(o.Output)
	if o.NoColor {
		r.SetColorProfile(termenv.Ascii)
	}
	return r
}

// resolve returns the path of a report's file name on disk.
func resolve(root, file string) string {
	if filepath.IsAbs(file) {
		return file
	}
	return filepath.Join(root, filepath.FromSlash(file))
}

// shortPath shows a file relative to the (absolute) module root when it
// lies inside.
func shortPath(root, file string) string {
	if filepath.IsAbs(file) {
		if rel, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return file
}
