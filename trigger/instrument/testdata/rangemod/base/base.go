package base

type Watcher struct{ ch chan error }

func New() *Watcher { c := make(chan error); close(c); return &Watcher{ch: c} }

func (w *Watcher) Errors() <-chan error { return w.ch }
