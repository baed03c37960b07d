// Package report defines deadhunt's report format: the findings that
// lockcycle (through package analyzer), deadhunt predict and deadhunt
// confirm produce and that deadhunt review and replay read, and its text,
// SARIF and GitHub Actions renderings.
//
// A report is one JSON document with a version field. Readers reject
// versions they do not know, so a newer deadhunt never silently misreads an
// older one's output or the reverse. The format is documented for users in
// docs/report.md; this package is its single definition.
package report
