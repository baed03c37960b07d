package corpus

// Swept reports whether a test sweeping the corpus (building or hunting
// every case takes minutes on 2 cores) takes a case it would take by
// default when inDefault (a sample, so that go test ./... stays short):
// built with -tags corpus, as task test also does, it takes the cases the
// default leaves out. The two runs together cover the corpus once.
func Swept(inDefault bool) bool { return inDefault != restOfCorpus }
