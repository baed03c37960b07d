package hunt

// Hints name, in the caller's terms (a command line's flags, say), how a
// user does what hunt's messages suggest; a message leaves out the hint
// of an empty one. hunt itself names no flag.
type Hints struct {
	Run       string // selects the tests to hunt by name
	Timeout   string // raises the bound on a run's wall time
	Fresh     string // hunts every test again though the cache has its result
	KeepGoing string // runs every test's whole budget, trying every aim
	Verbose   string // shows each test's runs
	Merge     string // joins the reports of the shards of a hunt
}

// noneSelected is what, besides having no test files, leaves a package
// without tests to run: "none matching -run".
func (h Hints) noneSelected() string {
	if h.Run == "" {
		return "none selected"
	}
	return "none matching " + h.Run
}

// hint is "; flag what" ("; -timeout raises the bound"), or "" when flag
// is.
func hint(flag, what string) string {
	if flag == "" {
		return ""
	}
	return "; " + flag + " " + what
}
