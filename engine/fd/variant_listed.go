package fd

// The variants of league-variants.md beyond §6(a), most of them listed
// but not built yet: §6(b) (season 2 and later), §6(c) (the exotic ones)
// and the annexes' side events (AX-1…AX-5). A league can read them (`pitwall variants`) to
// plan its seasons; `--variant` refuses them until their file exists, when
// the entry moves out of this table into its own variant_*.go (issue 16).
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
		variant23A(),
		variant23B(),
		variant23C(),
		listed("25-A", b, "Team management between seasons", "Gestion d'écurie", chTeam, ScopeLeague,
			"season transitions: the driver market by points, bankruptcy below 20 team points, team creation, engine-supplier changes, the mid-season No. 1/No. 2 swap",
			param("leave_points", "40", "a pilot with this many points may leave his team"),
			param("bankruptcy_points", "20", "a team under this many points goes bankrupt")),
		listed("5-E", b, "Season build pot", "La Cagnotte", chCar, ScopeLeague,
			"a season budget of build points: 18–22 on the car and 0–2 in the pits each race, an absence burns 22, overspending cancels the best results",
			param("pot", "352", "the season's build points (22 × the season's races)"),
			param("overspend", "allow", "allow with the penalty (the source), or block", "allow", "block")),
		variant1D(),
		listed("4-B", b, "Teams", "Écuries", chPits, ScopeRace,
			"two-pilot teams build together: (a) identical cars for the first 18 points, or (b) a 46-point team budget over cars, pilots and engineers",
			param("mode", "a", "a: 18-point shared base, b: 46-point team budget", "a", "b")),
		listed("19-F", b, "Engineer points", "Points ingénieurs", chPitStops, ScopeRace,
			"a team pool of up to 6 engineer points: a sure quick stop, extra repairs in a long stop, +1 to a characteristic before the race",
			param("max", "6", "engineer points a team may build")),
		listed("19-G", b, "Mechanics points", "Points de mécaniciens", chPitStops, ScopeLeague,
			"each successful quick stop earns the team a mechanics point; 5, 12 and 21 points widen the quick stop to 11, 12 and 13"),
		listed("20-B", b, "Spare car", "Le mulet", chElim, ScopeRace,
			"a pilot who retires early restarts in his team's one spare car",
			param("mode", "a", "a: before the leader reaches the lap-1 pit entry, restart in 4th with −1 engine; b1, b2: the later forms", "a", "b1", "b2")),
		listed("6-B", b, "Super Top", "Super Top", chGearbox, ScopeRace,
			"once a race: choose the move instead of rolling, or cancel a loss of engine, road-holding or body point that would eliminate the car",
			param("refuse_test", "no", "the other championships' use: refuse one black-die test", "no", "yes")),
		variant3A(),
		variant3B(),
		variant3C(),
		variant2A(),
		variant8A(),
		variant8B(),
		listed("5-A", b, "Booster points", "Points de booster", chCar, ScopeRace,
			"up to 6 booster build points: twice a lap in 5th or above, declared before the roll, +5 squares and an engine test harder with each boost",
			param("max", "6", "booster points a car may build"), param("per_lap", "2", "boosts a lap")),
		variant5B(),
		listed("5-D", b, "Hidden configuration", "Configuration cachée", chCar, ScopeRace,
			"only the build total and one point a characteristic are public; wear is logged and the build checked at the flag"),
		variant5E2(),
		listed("16-A", b, "Engine inertia", "Inertie", chEngine, ScopeRace,
			"losing the last engine point, the car coasts straight on a roll two gears lower, placing no marker"),
		listed("16-B", b, "Pedal to the metal", "Pédale au plancher", chEngine, ScopeRace,
			"once a lap, +1 square for one engine point, no debris"),
		listed("16-C", b, "Evolution engine", "Moteur évolution", chEngine, ScopeRace,
			"optional bonus squares on the top results of 4th–6th; every engine test it calls is rolled twice"),
		listed("16-E", b, "Supercharging", "Suralimentation", chEngine, ScopeRace,
			"declared before the roll in 4th–6th: +2/+3/+4 on high results, and always an engine test"),
		listed("9-A", b, "Formation lap", "Tour de chauffe", chStart, ScopeRace,
			"a stall roll, jump and cannon starts, wheelspin; three starts shorten the race to two laps",
			param("max_starts", "3", "starts before the race is shortened"), param("shortened_laps", "2", "laps of a shortened race")),
		listed("10-A", b, "Severe spin", "Tête-à-queue grave", chBendExit, ScopeRace,
			"after a spin, a 1 on the restart roll stalls the car out of the race (the rail cases are §6(c))",
			param("rails", "no", "the rail cases (needs each bend's rails)", "no", "yes")),
		variant14A(),
		variant14B(),
		variant17A(),
		listed("17-B", b, "Debris and oil markers", "Cases débris et tache d'huile", chRoadHold, ScopeRace,
			"debris (collisions, blocked stand-stills) costs a body point, oil (engine failures) an engine point"),
		variant17C(),
		listed("17-D", b, "Cleaning", "Nettoyage", chRoadHold, ScopeRace,
			"a dangerous square is cleaned after 4 passages",
			param("passages", "4", "passages that clean a square")),
		listed("19-A", b, "Pit-lane speed limit", "Limitation de la vitesse", chPitStops, ScopeRace,
			"(a) 4th at most in the pits, 5th costs a brake point, 6th forbidden; (b) 3rd or 4th in the pit lane; (c) a limit set before the race",
			param("limit", "a", "a, b or c", "a", "b", "c"), param("max_gear", "", "c's highest gear in the pit lane")),
		listed("19-C", b, "Fuel recovery", "Récupération de la consommation", chPitStops, ScopeRace,
			"fuel points refilled in the pits: (a) free, one still allows a quick stop; (b) always at the cost of a long stop",
			param("mode", "a", "a or b", "a", "b")),
		listed("19-D", b, "Excessive repair", "Récupération excessive", chPitStops, ScopeRace,
			"3 points repaired: a long stop and a quick-stop roll to leave; 4: a long stop and one more turn"),
		listed("19-E", b, "Long-stop repairs", "Arrêt long", chPitStops, ScopeRace,
			"a long stop repairs up to 2 points among brakes, fuel, body, road holding and engine without pit points",
			param("free_repairs", "2", "points a long stop repairs free")),
		variant24C(),
	}
}

// listedVariantsC are §6(c)'s numbered variants (10-A's rail cases are a
// parameter of 10-A).
func listedVariantsC() []Variant {
	const c = "c"
	return []Variant{
		listed("2-B", c, "Race chess clock", "Le chrono en course", chRace, ScopeRace,
			"a time capital for the whole race; once spent, an out-of-fuel test before every move (async: a bank of response time)",
			param("capital", "48h", "the time capital of a race, a bank of response time in async play")),
		listed("1-A", c, "Qualifying running order", "Ordre de passage", chQualifying, ScopeRace,
			"qualifying in championship order, the second session in reverse order of the first (the arrival d20 is the live form)",
			param("order", "championship", "championship, or arrival: a d20 on arrival (the live form)", "championship", "arrival")),
		listed("5-C", c, "Steering lock", "Braquage", chCar, ScopeRace,
			"three steering levels take compulsory squares off the moves of high gears (the source gives no benefit)",
			param("level", "A2", "A1 large, A2 medium, A3 small", "A1", "A2", "A3")),
		listed("6-D", c, "Seventh gear", "La Septième", chGearbox, ScopeRace,
			"from 6th a 7th gear rolls the 5th and 6th gear dice together (32–50 squares), with an engine test after every such move"),
		listed("8-C", c, "Monsoon tyres and the weather matrix", "Pneus pluie Mousson", chTyres, ScopeRace,
			"a fourth tyre for the deluge and the full weather × tyre matrix: slides, aquaplaning, gears, tests, lifetime, bonus, overshoot cost"),
		listed("15-A", c, "Restart by number of pilots", "Arrêt suivant nb pilotes", chWall, ScopeRace,
			"with fewer than 10 starters, the oval's restart comes when the dangerous squares equal the starters",
			param("base_threshold", "10", "the restart threshold with 10 starters or more")),
		listed("16-D", c, "Pole Position evolution engine", "Moteur évolution de Pole Position", chEngine, ScopeLeague,
			"a season ladder of engine evolutions rolled after each GP, each with its bonus squares and reliability"),
		listed("16-F", c, "Boosters and the fuel-risk zone", "Les Boosters", chEngine, ScopeRace,
			"boosts from 5th: +5 squares and an engine test by the count, 6 a race, and fuel tests in the last lap's risk zone"),
		listed("20-A", c, "Injury and death", "Blessure et mort", chElim, ScopeLeague,
			"pilots injured or killed after serious accidents: suspensions, replacements, race stoppages",
			param("rule", "A", "A, B or C of §2 20-A", "A", "B", "C")),
		listed("21-B", c, "Red flag", "Drapeau rouge", chFinish, ScopeRace,
			"18 road-holding markers or 3 walls stop the race: a full restart on lap 1, an aggregate one on lap 2, half points on lap 3"),
	}
}

// listedSideEvents are the annexes' separate game modes.
func listedSideEvents() []Variant {
	const c = "c"
	return []Variant{
		listed("AX-1", c, "Dragster", "Dragster", chAnnexes, ScopeSideEvent,
			"knock-out one-against-one drag races, best of 5 runs on a straight of 5 lanes, the line at 50 squares"),
		listed("AX-2", c, "Qualifying contest", "Essais", chAnnexes, ScopeSideEvent,
			"groups of 4 or more on a random circuit, three sessions (dry lap, wet lap, two dry laps), a fractional overall ranking"),
		listed("AX-3", c, "Marathon qualifying", "Essais marathon", chAnnexes, ScopeSideEvent,
			"one qualifying session over many circuits chained, moves then time",
			param("circuits", "33", "circuits chained")),
		listed("AX-4", c, "Rebel Without a Cause", "Fureur de vivre", chAnnexes, ScopeSideEvent,
			"a two-car chicken duel on a straight ending in a marsh, gears chosen in secret, glory and shame tallies",
			param("faster", "gear", "who is faster when both move: the higher gear or more squares", "gear", "squares")),
		listed("AX-5", c, "FD Blitz", "FD Blitz", chAnnexes, ScopeSideEvent,
			"one-against-one heats of one lap on 12-point cars with a time bank each, a knock-out bracket",
			param("time_bank", "60s", "each pilot's playing time a heat (async: the league's deadline)")),
	}
}
