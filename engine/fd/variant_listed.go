package fd

// The variants of league-variants.md beyond §6(a), most of them listed
// but not built yet: §6(b) (season 2 and later), §6(c) (the exotic ones)
// and the annexes' side events (AX-1…AX-5). A league can read them (`pitwall variants`) to
// plan its seasons; `--variant` refuses them until their file exists, when
// the entry moves out of this table into its own file of engine/fd/variants (issue 16).
// Parameters are those the spec names, with its defaults (its [DEC]
// decisions are parameters, §0, and their defaults those of its §5).

// listed is an entry not built: a race one will be a game switch
// (Engine), a league or side-event one the league's.
func listed(id, group, name, nameFR, chapter string, scope VariantScope, help string, params ...VariantParam) Variant {
	if params == nil {
		params = []VariantParam{}
	}
	return Variant{ID: id, Group: group, Name: name, NameFR: nameFR, Chapter: chapter, Scope: scope,
		Engine: scope == ScopeRace, Params: params, Help: help}
}

// param is a parameter of a listed variant; values, when given, are its
// legal values.
func param(key, def, help string, values ...string) VariantParam {
	return VariantParam{Key: key, Default: def, Values: values, Help: help}
}

// aka gives a parameter the other names the spec calls it by (Aliases).
func (p VariantParam) aka(names ...string) VariantParam {
	p.Aliases = append(p.Aliases, names...)
	return p
}

// Chapter names of league-variants.md §2, as the built variants write them.
const (
	chQualifying = "1 Qualifying"
	chRace       = "2 The race"
	chWeather    = "3 Weather"
	chPits       = "4 Pit boxes and life points"
	chCar        = "5 Car configuration"
	chGearbox    = "6 Gearbox and movement"
	chTyres      = "8 Tyres"
	chStart      = "9 Start"
	chBendExit   = "10 Bend exit"
	chCollision  = "14 Collision"
	chWall       = "15 Wall / oval"
	chEngine     = "16 Engine"
	chRoadHold   = "17 Road holding"
	chPitStops   = "19 Pit stops and order of play"
	chElim       = "20 Elimination"
	chFinish     = "21 Finish"
	chExperience = "23 Experience"
	chSide       = "24 Side rankings"
	chTeam       = "25 Team management"
	chAnnexes    = "Annexes: separate game modes"
)

// listedVariantsB are §6(b)'s 38, in its order; those built are their
// files' entries.
func listedVariantsB() []Variant {
	const b = "b"
	return []Variant{
		registeredVariant("23-A"),
		registeredVariant("23-B"),
		registeredVariant("23-C"),
		registeredVariant("25-A"),
		registeredVariant("5-E"),
		registeredVariant("1-D"),
		registeredVariant("4-B"),
		registeredVariant("19-F"),
		registeredVariant("19-G"),
		registeredVariant("20-B"),
		registeredVariant("6-B"),
		registeredVariant("3-A"),
		registeredVariant("3-B"),
		registeredVariant("3-C"),
		registeredVariant("2-A"),
		registeredVariant("8-A"),
		registeredVariant("8-B"),
		registeredVariant("5-A"),
		registeredVariant("5-B"),
		registeredVariant("5-D"),
		registeredVariant("5-E2"),
		registeredVariant("16-A"),
		registeredVariant("16-B"),
		registeredVariant("16-C"),
		registeredVariant("16-E"),
		registeredVariant("9-A"),
		registeredVariant("10-A"),
		registeredVariant("14-A"),
		registeredVariant("14-B"),
		registeredVariant("17-A"),
		registeredVariant("17-B"),
		registeredVariant("17-C"),
		registeredVariant("17-D"),
		registeredVariant("19-A"),
		registeredVariant("19-C"),
		registeredVariant("19-D"),
		registeredVariant("19-E"),
		registeredVariant("24-C"),
	}
}

// listedVariantsC are §6(c)'s numbered variants (10-A's rail cases are a
// parameter of 10-A).
func listedVariantsC() []Variant {
	const c = "c"
	return []Variant{
		registeredVariant("2-B"),
		registeredVariant("1-A"),
		registeredVariant("5-C"),
		registeredVariant("6-D"),
		registeredVariant("8-C"),
		registeredVariant("15-A"),
		registeredVariant("16-D"),
		registeredVariant("16-F"),
		registeredVariant("20-A"),
		registeredVariant("21-B"),
	}
}

// listedSideEvents are the annexes' separate game modes.
func listedSideEvents() []Variant {
	const c = "c"
	return []Variant{
		registeredVariant("AX-1"),
		registeredVariant("AX-2"),
		registeredVariant("AX-3"),
		registeredVariant("AX-4"),
		registeredVariant("AX-5"),
	}
}
