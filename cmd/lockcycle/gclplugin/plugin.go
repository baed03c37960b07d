// Package gclplugin registers lockcycle as a golangci-lint module plugin
// ("the .custom-gcl.yml way"): name this package in .custom-gcl.yml, build
// a custom golangci-lint with golangci-lint custom, and enable the linter
// lockcycle in .golangci.yml (type "module"). docs/ci.md shows both files.
// The linter's settings are lockcycle's flags (tests, same-class-nesting,
// as lockcycle -h lists them); an unknown one is an error, not ignored.
package gclplugin

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/deadhunt/deadhunt/analyzer/lockcycle"
)

func init() { register.Plugin("lockcycle", New) }

// New is the plugin's constructor, called by golangci-lint with the
// linter's settings: each sets the lockcycle flag of its name.
func New(raw any) (register.LinterPlugin, error) {
	if raw == nil {
		return plugin{}, nil
	}
	settings, err := register.DecodeSettings[map[string]any](raw)
	if err != nil {
		return nil, fmt.Errorf("lockcycle: settings: %w", err)
	}
	for name, v := range settings {
		if lockcycle.Analyzer.Flags.Lookup(name) == nil {
			return nil, fmt.Errorf("lockcycle: unknown setting %q (the settings are lockcycle's flags)", name)
		}
		if err := lockcycle.Analyzer.Flags.Set(name, fmt.Sprint(v)); err != nil {
			return nil, fmt.Errorf("lockcycle: setting %s: %w", name, err)
		}
	}
	return plugin{}, nil
}

type plugin struct{}

func (plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{lockcycle.Analyzer}, nil
}

// GetLoadMode asks for type information: lockcycle builds SSA and passes
// facts between packages.
func (plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
