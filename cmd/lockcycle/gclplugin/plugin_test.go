package gclplugin

import (
	"testing"

	"github.com/golangci/plugin-module-register/register"

	"github.com/deadhunt/deadhunt/analyzer/lockcycle"
)

// The plugin is registered under lockcycle's name and gives its analyzer
// with type information.
func TestRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin("lockcycle")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(nil)
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil || len(as) != 1 || as[0] != lockcycle.Analyzer || p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("analyzers %v, err %v, load mode %q; want lockcycle's with types", as, err, p.GetLoadMode())
	}
}

// Settings are lockcycle's flags; an unknown one or a bad value is an
// error.
func TestSettings(t *testing.T) {
	defer lockcycle.Analyzer.Flags.Set("tests", "false")
	if _, err := New(map[string]any{"tests": true}); err != nil {
		t.Fatal(err)
	}
	if got := lockcycle.Analyzer.Flags.Lookup("tests").Value.String(); got != "true" {
		t.Errorf("tests = %s after the setting, want true", got)
	}
	for _, bad := range []map[string]any{{"bogus": true}, {"tests": "maybe"}} {
		if _, err := New(bad); err == nil {
			t.Errorf("settings %v accepted", bad)
		}
	}
}
