package report

// noGuaranteeAt is the miss bound from which a bound promises nothing a
// reader could act on: a deadlock missed at least as often as found.
const noGuaranteeAt = 0.5

// NoGuarantee reports whether a miss bound is too near 1 to be shown as a
// number (it reads like a guarantee it is not): text says "no guarantee".
func NoGuarantee(missBound float64) bool { return missBound >= noGuaranteeAt }
