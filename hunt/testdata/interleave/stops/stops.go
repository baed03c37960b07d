// Package stops holds tests whose hunts stop for each reason but a
// confirmation: the end-to-end test of the stop reasons (hunt/stops_test.go).
package stops
