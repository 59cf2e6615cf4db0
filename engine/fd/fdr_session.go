package fd

// The competition rules' answers to what the base asks of wrecks and
// positions (host_fdr_session.go). The file uses the host API only
// (fdrPackageReady).

func init() {
	KeepWrecksOnBoard(wreckOnBoard) // R12.6, R14.5, R16.4: OnBoard counts a wreck
}
