package rt

// Every decision of the tests' runs checks the incrementally kept enabled
// set against the model (enset.go); benchmarks turn it off.
func init() { verifySets = true }

// SetVerifySets turns the check on or off.
func SetVerifySets(on bool) { verifySets = on }
