package league

// 5-D Hidden configuration's violations (league-variants.md ch. 5, spec:
// "keep config_violation_count for admin-entered violations"): the bot
// checks every wear event, so a build cannot mismatch its wear in a race
// Pitwall referees; what the organiser finds out of band (a build set by
// hand) he enters as a violation against a pilot's recorded result. The
// source: on a mismatch the car is excluded from the race; on a repeat
// offence the exclusion comes with a one-GP suspension.

// ConfigViolation is one configuration violation the organiser entered.
type ConfigViolation struct {
	Pilot string `json:"pilot"`
	// Round is the event (from 1) whose result it disqualifies.
	Round int `json:"round"`
	// Count is the pilot's config_violation_count with this one.
	Count int `json:"count"`
	// Suspended is the event (from 1) the pilot is suspended from, 0 for
	// a first violation.
	Suspended int `json:"suspended,omitempty"`
}

// SuspensionAfterViolations is the number of GPs of suspension the
// count-th violation of a pilot carries: none for the first, one from the
// second on (5-D).
func SuspensionAfterViolations(count int) int {
	if count >= 2 {
		return 1
	}
	return 0
}

// NewViolation is pilot's violation at round, given the violations
// entered before it, and next, the event (from 1) the pilot would race
// next: the count goes up, and from the second on he is suspended from
// next.
func NewViolation(before []ConfigViolation, pilot string, round, next int) ConfigViolation {
	v := ConfigViolation{Pilot: pilot, Round: round, Count: ViolationCount(before, pilot) + 1}
	if SuspensionAfterViolations(v.Count) > 0 {
		v.Suspended = next
	}
	return v
}

// ViolationCount is pilot's config_violation_count: the violations
// entered against him.
func ViolationCount(vs []ConfigViolation, pilot string) int {
	n := 0
	for _, v := range vs {
		if v.Pilot == pilot {
			n++
		}
	}
	return n
}

// SuspendedFrom reports the violation that suspends pilot from event
// round (from 1); ok is false when none does.
func SuspendedFrom(vs []ConfigViolation, pilot string, round int) (ConfigViolation, bool) {
	for _, v := range vs {
		if v.Pilot == pilot && v.Suspended == round {
			return v, true
		}
	}
	return ConfigViolation{}, false
}

// Disqualify is r with pilot's car excluded from the classification (5-D:
// a non-conforming car), the cars behind it moving up a place; every
// reader of the result (standings, ledgers, trophies, careers) then sees
// an excluded car, which scores and earns nothing. ok is false when pilot
// did not race r. r itself is left unchanged.
func Disqualify(r Result, pilot string) (out Result, ok bool) {
	out = r
	out.Cars = make([]Car, len(r.Cars))
	copy(out.Cars, r.Cars)
	for i := range out.Cars {
		if out.Cars[i].Pilot == pilot {
			out.Cars[i].Status, out.Cars[i].Disqualified, ok = Excluded, true, true
		}
	}
	if ok {
		out.Cars = Classify(out.Cars)
	}
	return out, ok
}
