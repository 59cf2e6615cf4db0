package fd

import "strconv"

// Hand-written encoders of the commonest kinds (rolls, turns, orders,
// rounds, stops): the engine writes these lines in its hot loop, where the
// reflective codec's cost would show in the race benchmark (its Encode is
// about four times ev's time for a roll). Encode uses them; emission sites
// call them directly (g.emit(RollEvent{…}.line())), which spares the
// interface's allocation. TestFastEncodersAgreeWithTheCodec checks each
// writes exactly what the struct's tags say.

// lineWriter is a kind with a hand-written encoder.
type lineWriter interface{ line() Event }

func (x RollEvent) line() Event {
	return Event{Kind: "roll", Args: []Arg{{"play", strconv.Itoa(x.Play)}, {"car", strconv.Itoa(x.Car)},
		{"for", x.For}, {"n", strconv.Itoa(x.N)}, {"die", x.Die}, {"value", strconv.Itoa(x.Value)}}}
}

func (x TurnEvent) line() Event {
	return Event{Kind: "turn", Args: []Arg{{"play", strconv.Itoa(x.Play)}, {"car", strconv.Itoa(x.Car)}}}
}

func (x RoundEvent) line() Event {
	return Event{Kind: "round", Args: []Arg{{"n", strconv.Itoa(x.N)}, {"order", joinInts(x.Order)}}}
}

func (x StopEvent) line() Event {
	return Event{Kind: "stop", Args: []Arg{{"car", strconv.Itoa(x.Car)}, {"corner", x.Corner},
		{"stops", strconv.Itoa(x.Stops)}, {"required", strconv.Itoa(x.Required)}}}
}

func (x OrderEvent) line() Event {
	args := make([]Arg, 1, 3)
	args[0] = Arg{"car", strconv.Itoa(x.Car)}
	if x.Gear != 0 {
		args = append(args, Arg{"gear", strconv.Itoa(x.Gear)})
	}
	if x.Choose != "" {
		args = append(args, Arg{"choose", x.Choose})
	}
	if x.Build != "" {
		args = append(args, Arg{"build", x.Build})
	}
	if x.Boosters != "" {
		args = append(args, Arg{"boosters", x.Boosters})
	}
	return Event{Kind: "order", Args: args}
}
