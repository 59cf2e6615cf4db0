package fd

// The board's and the record tools' readers of lines (PlaysSince,
// LastPlay, PlayRounds) read typed values (issue 13). They show what a
// line says and pass over a line they cannot read, as they always have:
// a line of the engine's shape is read by hand where the board reads one
// per play or more (turn, round, roll, move, gear; the readers of
// events_read.go, held to Decode by TestDecodeFastIsDecode), any other
// line as DecodeLoose reads it, so a record written by hand (a turn
// without its car, a position-car without its zeros) reads as before.

// readLoose reads e as its kind's struct T; false when e is of another
// kind or holds a value not of its field's type.
func readLoose[T TypedEvent](e Event) (T, bool) { return decodedBy[T](e, DecodeLoose) }

func turnOf(e Event) (TurnEvent, bool) {
	if x, ok := readTurn(e); ok && e.Kind == "turn" {
		return x, true
	}
	return readLoose[TurnEvent](e)
}

// roundOf is the round a round or position line starts.
func roundOf(e Event) (int, bool) {
	switch e.Kind {
	case "round":
		if x, ok := readRound(e); ok {
			return x.N, true
		}
		x, ok := readLoose[RoundEvent](e)
		return x.N, ok
	case "position":
		x, ok := readLoose[PositionEvent](e)
		return x.Round, ok
	}
	return 0, false
}

func rollOf(e Event) (RollEvent, bool) {
	if x, ok := readRoll(e); ok && e.Kind == "roll" {
		return x, true
	}
	return readLoose[RollEvent](e)
}

func gearOf(e Event) (GearEvent, bool) {
	if x, ok := readGear(e); ok && e.Kind == "gear" {
		return x, true
	}
	return readLoose[GearEvent](e)
}

// movedOf reads a line that moves a car along a path: a move, a
// slipstream or a quick stop (whose path may be left out).
func movedOf(e Event) (car int, path string, ok bool) {
	switch e.Kind {
	case "move", "slipstream":
		if x, ok := readMove(e); ok {
			return x.Car, x.Path, true
		}
		if e.Kind == "move" {
			x, ok := readLoose[MoveEvent](e)
			return x.Car, x.Path, ok
		}
		x, ok := readLoose[SlipstreamEvent](e)
		return x.Car, x.Path, ok
	case "pit-quick":
		x, ok := readLoose[PitQuickEvent](e)
		return x.Car, x.Path, ok
	}
	return 0, "", false
}

// leftOf reads a line that takes a car off the board: eliminated or
// finished.
func leftOf(e Event) (car int, ok bool) {
	switch e.Kind {
	case "eliminated":
		x, ok := readLoose[EliminatedEvent](e)
		return x.Car, ok
	case "finish":
		x, ok := readLoose[FinishEvent](e)
		return x.Car, ok
	}
	return 0, false
}
