package phrasebook

// optionEntries are the catalog's words of options and their facts: each
// key in English and in French. The French
// is the rules' own (formula-d-2008.md's glossary, the FD-Règles booklet):
// a gear is "une vitesse" (the word of both rule books and of the command
// language, "vitesse 4"), the gearbox under the competition rules is "la
// consommation" (FD-Règles R0.3).
//
// Templates: {N} is the Nth argument, {N|one|many} the word agreeing with
// it, {de N} the argument after an elided "de" (see expand).
var optionEntries = map[string][2]string{
	// terms
	"cat.tyres":    {"tyres", "pneus"},
	"cat.brakes":   {"brakes", "freins"},
	"cat.gearbox":  {"gearbox", "boîte"},
	"cat.gas":      {"gas", "consommation"},
	"cat.body":     {"body", "carrosserie"},
	"cat.engine":   {"engine", "moteur"},
	"cat.handling": {"handling", "tenue de route"},
	"tyre.hard":    {"hard", "durs"},
	"tyre.soft":    {"soft", "tendres"},
	"tyre.rain":    {"rain", "pluie"},
	"lane.left":    {"left lane", "voie de gauche"},
	"lane.middle":  {"middle lane", "voie du milieu"},
	"lane.right":   {"right lane", "voie de droite"},

	// league 8-B's tyre and its bonus
	"tyre.supersoft":       {"super-soft", "super tendres"},
	"fact.supersoft-bonus": {"super-soft tyres +{0} {0|space|spaces}", "pneus super tendres : +{0} {0|case|cases}"},

	// league 8-B's warning from the pit entry of the set's last lap
	"fact.compound-spent-ahead": {"no pit stop left before the line: the {0} tyres will be spent on their lap {1}, no tyre point until they are changed", "plus d'arrêt possible avant la ligne : les pneus {0} seront usés dans leur tour {1}, plus aucun point de pneus jusqu'au changement"},

	// league 8-C's tyre and its cell of the weather matrix
	"tyre.monsoon":           {"monsoon rain", "pluie mousson"},
	"fact.tyre-cell":         {"in this weather: up to gear {0}, {1} tyre {1|point|points} a space overshot for {2} set {2|lap|laps}", "par ce temps : jusqu'à la {0}e, {1} {1|point|points} de pneus par case de dépassement pendant {2} {2|tour|tours} de train"},
	"fact.tyre-aquaplaning":  {"aquaplaning in gear {0} from {1} on the d20", "aquaplaning en {0}e dès {1} au d20"},
	"fact.tyre-aquaplaning2": {"aquaplaning in gear {0} or {1} from {2} on the d20", "aquaplaning en {0}e ou {1}e dès {2} au d20"},

	// league 5-B's wings
	"opt.wing.neutral":  {"neutral wing: no change", "aileron neutre : aucun changement"},
	"opt.wing.loaded":   {"high wing: one space less in 4th to 6th, one space braked free in the corners", "aileron chargé : une case de moins en 4e à 6e, une case freinée sans frais dans les virages"},
	"opt.wing.loaded-b": {"high wing: at most 11, 18, 26 spaces on a straight in 4th, 5th, 6th, one space braked free ending in a corner", "aileron chargé : au plus 11, 18, 26 cases en ligne droite en 4e, 5e, 6e, une case freinée sans frais en finissant dans un virage"},
	"opt.wing.unloaded": {"low wing: one space more in 4th to 6th, one tyre point more a space overshot", "aileron déchargé : une case de plus en 4e à 6e, un point de pneus de plus par case de dépassement"},
	"fact.lock-change":  {"steering lock {0} fitted: {1} {1|repair|repairs}", "braquage {0} monté : {1} {1|réparation|réparations}"},
	"opt.lock.A1":       {"large steering lock (A1): 3rd −1, 4th −2, 5th −3, 6th −5 spaces", "grand braquage (A1) : 3e −1, 4e −2, 5e −3, 6e −5 cases"},
	"opt.lock.A2":       {"medium steering lock (A2): 4th −1, 5th −2, 6th −4 spaces", "braquage moyen (A2) : 4e −1, 5e −2, 6e −4 cases"},
	"opt.lock.A3":       {"small steering lock (A3): 5th −1, 6th −2 spaces", "petit braquage (A3) : 5e −1, 6e −2 cases"},
	"opt.lock.none":     {"no steering lock: no change, none to change at the pits", "aucun braquage : aucun changement, rien à changer aux stands"},
	"fact.wing-change":  {"{0} wing fitted: {1} {1|repair|repairs}", "aileron {0} monté : {1} {1|réparation|réparations}"},

	// league 5-E2's reroll
	"opt.telemetry": {"the telemetry point: roll the die again instead of the {0} (once a race)", "le point de télémétrie : relancer le dé au lieu du {0} (une fois par course)"},
	// league 23-A(g)'s pilot point as a reroll
	"opt.pilot-reroll": {"a pilot point: roll the movement die again instead of the {0}, the new result stands ({1} left)", "un point de pilote : relancer le dé de déplacement au lieu du {0}, le nouveau résultat compte ({1} restant)"},
	// league 23-A(d) and 6-B's refuse_test: a test refused, held with the gear
	"fact.refuse-test-pilot":     {"a pilot point held to refuse a test: the first black-die test of this move is not rolled, the point spent only then ({0} left)", "un point de pilote gardé pour refuser un test : le premier test au dé noir de ce coup n'est pas lancé, le point dépensé seulement alors ({0} restant)"},
	"fact.refuse-test-super-top": {"the Super Top held to refuse a test: the first black-die test of this move is not rolled, the Super Top spent only then (once a race)", "le Super Top gardé pour refuser un test : le premier test au dé noir de ce coup n'est pas lancé, le Super Top dépensé seulement alors (une fois par course)"},

	// what an option is
	"opt.gear":           {"{0} gear ({1}): {2}–{3} spaces", "{0} vitesse ({1}) : {2} à {3} cases"},
	"opt.stay":           {"stays", "reste sur place"},
	"opt.spaces":         {"{0} {0|space|spaces}", "{0} {0|case|cases}"},
	"opt.slipstream":     {"slipstream {0} {0|space|spaces}", "aspiration de {0} {0|case|cases}"},
	"opt.no-slipstream":  {"stop here, no slipstream", "s'arrêter ici, sans aspiration"},
	"opt.tyre-stop":      {"tyre stop: {0} tyres", "arrêt pneus : pneus {0}"},
	"opt.technical-stop": {"technical stop: {0} tyres", "arrêt technique : pneus {0}"},
	"opt.tyres":          {"{0} tyres", "pneus {0}"},
	"opt.box":            {"pit {0} from the pit-lane entry", "stand {0} depuis l'entrée des stands"},
	"opt.team-boxes":     {"the team's pits {0} and {1} from the pit-lane entry", "les stands {0} et {1} de l'écurie depuis l'entrée des stands"},
	"opt.build":          {"set-up", "réglage"},
	"opt.driver":         {"{0}", "{0}"},
	"opt.reroll":         {"roll the weather again", "relancer la météo"},
	"opt.keep-weather":   {"keep the weather", "garder la météo"},
	"opt.repair":         {"recovered points", "points récupérés"},

	// where a move ends
	"place.pit-lane":        {"in the pit lane", "dans la voie des stands"},
	"place.box":             {"into its pit box", "à son stand"},
	"place.corner":          {"in {0}", "dans {0}"},
	"place.corner-lane":     {"in {0}, {1}", "dans {0}, {1}"},
	"place.straight-before": {"on the straight before {0}", "sur la ligne droite avant {0}"},
	"place.straight-lane":   {"on the straight before {0}, {1}", "sur la ligne droite avant {0}, {1}"},

	// costs, causes and extras
	"fact.wear":       {"{0} −{1}", "{0} −{1}"},
	"fact.repair":     {"{0} +{1}", "{0} +{1}"},
	"fact.points":     {"{0} {1}", "{0} {1}"},
	"fact.pit-points": {"{0} pit {0|point|points}", "{0} {0|point|points} de stand"},
	"fact.no-wear":    {"no wear", "sans usure"},
	"fact.downshift":  {"downshift {0}→{1}", "rétrogradage de {0} à {1}"},
	"fact.braking":    {"braking {0} {0|space|spaces}", "freine de {0} {0|case|cases}"},
	"fact.slip-brake": {"slipstream into a corner: brakes −{0}", "aspiration dans un virage : freins −{0}"},
	"fact.blocked":    {"blocked {0} {0|space|spaces} short", "bloquée à {0} {0|case|cases} de son but"},
	"fact.overshoot":  {"overshoots by {0} {0|space|spaces}", "dépasse de {0} {0|case|cases}"},
	"fact.spin":       {"spins", "tête-à-queue"},
	"fact.penalty":    {"qualifying penalty +{0}", "pénalité de qualification +{0}"},
	"fact.dangerous":  {"{0} dangerous {0|space|spaces}: handling {0|check|checks}", "{0} {0|case dangereuse|cases dangereuses} : {0|test|tests} de tenue de route"},
	"fact.wall":       {"{0} wall {0|test|tests}: body", "{0} {0|test|tests} du mur : carrosserie"},
	"fact.slide":      {"rain slide {0} {0|space|spaces}", "glissade de {0} {0|case|cases}"},
	"fact.soft-bonus": {"soft tyres +1 space", "pneus tendres : +1 case"},
	"fact.top-more":   {"the Top: one space more", "le Top : une case de plus"},
	"fact.top-less":   {"the Top: one space less", "le Top : une case de moins"},
	"fact.pilot-more": {"a pilot point: one space more ({0} left)", "un point de pilote : une case de plus (il en reste {0})"},
	"fact.pilot-less": {"a pilot point: one space less ({0} left)", "un point de pilote : une case de moins (il en reste {0})"},
	"fact.nitro":      {"nitro +{0}", "nitro +{0}"},
	"fact.drift":      {"drift {0} (tyres −1)", "dérapage {0} (pneus −1)"},
	"fact.cute":       {"overtakes Li-Tsu: one space less", "dépasse Li-Tsu : une case de moins"},
	"fact.drop":       {"drops debris", "lâche des débris"},
	"fact.radio":      {"radio at car {0}: −1 point", "radio sur la voiture {0} : −1 point"},
	"fact.risk":       {"risk {0}", "risque {0}"},
	"fact.eliminated": {"ELIMINATED", "ÉLIMINÉE"},

	// league variant 23-A(c): a season boost token
	"fact.season-token": {"a season token: one space more ({0} left this season)", "un jeton de saison : une case de plus (il en reste {0} cette saison)"},

	// league variants 5-C (a steering lock) and 17-B (debris and oil)
	"fact.compulsory":  {"{0} spaces for the steering lock, compulsory", "{0} cases pour le braquage, obligatoire"},
	"fact.marker-cost": {"{0} of them {0|costs|cost} {1} points, not handling", "{0} d'entre elles {0|coûte|coûtent} des points de {1}, pas de tenue de route"},
	"fact.runaway":     {"into the area of the spinning car {0}: a collision check, {1} to be hit", "dans la zone de la voiture {0} en toupie : un test de collision, {1} d'être percutée"}, // league 10-A
	// league variants 5-A, 6-B, 16-B, 16-C, 16-E (issue 16)
	"fact.super-top":   {"the Super Top: choose the move from {0} to {1} spaces, no roll (once a race)", "le Super Top : choisir le déplacement de {0} à {1} cases, sans lancer (une fois par course)"},
	"fact.pedal":       {"pedal to the metal: one space more for an engine point", "pédale au plancher : une case de plus pour un point de moteur"},
	"fact.boost":       {"a boost: {0} spaces more, then an engine test 1–{1} ({2} booster {2|point|points} left)", "un boost : {0} cases de plus, puis un test moteur de 1 à {1} ({2} {2|point|points} de booster {2|restant|restants})"},
	"fact.supercharge": {"supercharged: {0} spaces more on {1} or more, then an engine test", "suralimenté : {0} cases de plus à partir de {1}, puis un test moteur"},

	// league variant 16-F: the fuel a boost risks (issue 16)
	"fact.boost-fuel":        {"then, on the last lap past the penultimate corner, a fuel test 1–{0} at the end of each move", "puis, au dernier tour après l'avant-dernier virage, un test d'essence de 1 à {0} à la fin de chaque coup"},
	"fact.boost-out-of-fuel": {"boost {0}, beyond the race's six: the car runs out of fuel at the end of the move", "boost n° {0}, au-delà des six de la course : la voiture tombe en panne sèche à la fin du coup"},

	// league variant 5-A: the booster points of the build (AMB-14, issue 16)
	"fact.booster-points": {"{0} booster {0|point|points} of the build", "{0} {0|point|points} de booster pris sur la configuration"},
	"fact.booster-choice": {"booster points are chosen with the configuration, 0 to {0}: each is one boost in 5th or above, {1} spaces more, then an engine test", "les points de booster se choisissent avec la configuration, de 0 à {0} : chacun est un boost en 5e ou plus, {1} cases de plus, puis un test moteur"},

	// league variant 4-B(b) (issue 16)
	"fact.pilot-reroll": {"a pilot point held for the black die: the first test of this move that fails is rolled again, the point spent only then ({0} left)", "un point de pilote gardé pour le dé noir : le premier test de ce coup qui échoue est relancé, le point n'est dépensé qu'alors (il en reste {0})"},

	// league variant 16-D (issue 16)
	"fact.evo-bonus":    {"an évo engine: up to {0} {0|space|spaces} more on {1} or more", "moteur évo : jusqu'à {0} {0|case|cases} de plus à partir de {1}"},
	"fact.engine-limit": {"engine tests fail on 1 to {0} (its engine's stage)", "les tests moteur échouent de 1 à {0} (le stade de son moteur)"},

	// league variant 6-D (issue 16)
	"fact.seventh-gear": {"an engine test after the move, one more for a 20 or a 30", "un test moteur après le déplacement, un de plus pour un 20 ou un 30"},

	// why an option eliminates the car, or why points come back
	"why.downshift-last-engine": {"the downshift takes the last engine point", "le rétrogradage prend le dernier point de moteur"},
	"why.over-rev-last-engine":  {"the over-rev takes the last engine point", "le surrégime prend le dernier point de moteur"},
	"why.blocked-no-points":     {"blocked {0} {0|space|spaces} short with too few brake and tyre points", "bloquée à {0} {0|case|cases} de son but sans assez de points de freins et de pneus"},
	"why.blocked-too-far":       {"blocked {0} {0|space|spaces} short", "bloquée à {0} {0|case|cases} de son but"},
	"why.blocked-no-brakes":     {"blocked {0} {0|space|spaces} short without the {1} brake {1|point|points} it needs", "bloquée à {0} {0|case|cases} de son but sans les {1} {1|point|points} de freins nécessaires"},
	"why.blocked-no-tyres":      {"blocked {0} {0|space|spaces} short without the {1} tyre {1|point|points} it needs", "bloquée à {0} {0|case|cases} de son but sans les {1} {1|point|points} de pneus nécessaires"},
	"why.quali-no-stop":         {"no stop in {0}: the qualifying attempt ends", "aucun arrêt dans {0} : la tentative de qualification s'arrête"},
	"why.left-stops":            {"leaves {0} with {1} of {2} stops", "quitte {0} avec {1} {1|arrêt|arrêts} sur {2}"},
	"why.left-stops-excessive":  {"leaves {0} with {1} of {2} stops: excessive overshooting", "quitte {0} avec {1} {1|arrêt|arrêts} sur {2} : dépassement excessif"},
	"why.session-aborted":       {"leaves {0} with {1} of {2} stops: the session ends", "quitte {0} avec {1} {1|arrêt|arrêts} sur {2} : la session s'arrête"},
	"why.overshoot-after-spin":  {"overshoots {0} by {1} in the turn after a spin", "dépasse {0} de {1} au coup qui suit un tête-à-queue"},
	"why.overshoot-tyres":       {"overshoots {0} by {1}: {2} tyre {2|point|points} with {3} left", "dépasse {0} de {1} : {2} {2|point|points} de pneus pour {3} {3|restant|restants}"},
	"why.police-record":         {"police speed record", "record de vitesse au poste de police"},
	"why.checkpoint":            {"checkpoint", "point de contrôle"},

	// the street drivers' abilities (T-13)
	"driver.li-tsu":  {"Too cute: an opponent overtaking her on a straight moves 1 less", "Trop mignonne : un adversaire qui la dépasse en ligne droite avance d'une case de moins"},
	"driver.jack":    {"Drift pro: ±1 space in a corner for 1 tyre point", "As du dérapage : ±1 case dans un virage pour 1 point de pneus"},
	"driver.stanley": {"Car radio: once per race, an adjacent car loses 1 point", "Radio : une fois par course, une voiture adjacente perd 1 point"},
	"driver.dimitri": {"Little genius: engine test lost on 1-3 only (1-2 in rain)", "Petit génie : test moteur perdu sur 1 à 3 seulement (1 à 2 sous la pluie)"},
	"driver.julien":  {"Weather frog: re-rolls the weather; slides 1 in rain", "Grenouille météo : relance la météo ; glisse de 1 sous la pluie"},
	"driver.jenny":   {"Expert mechanic: 4 points at each checkpoint instead of 2", "Mécanicienne experte : 4 points à chaque point de contrôle au lieu de 2"},
	"driver.montoya": {"Improved nitro: may add 3 spaces to the nitro", "Nitro amélioré : peut ajouter 3 cases au nitro"},
	"driver.derek":   {"Aggressive: his collision partners roll twice", "Agressif : ses partenaires de collision lancent deux fois"},
	"driver.diane":   {"Gallantry: wins every play-order and grid tie", "Galanterie : gagne toutes les égalités d'ordre de jeu et de grille"},
	"driver.temana":  {"Trash car: drops debris once per lap; loses handling on debris on 1-2 only", "Voiture poubelle : lâche des débris une fois par tour ; ne perd de tenue de route sur débris que sur 1 à 2"},

	// league variant 19-G: the quick stop widened by the mechanics points
	"fact.quick-stop-top": {"made on 1 to {0} (mechanics points)", "réussi de 1 à {0} (points de mécaniciens)"},
	// league variant 23-B(c): the quick stop raised by the team points
	"fact.quick-stop-team": {"made on 1 to {0} (team points), out {1} spaces at most", "réussi de 1 à {0} (points d'écurie), sortie de {1} cases au plus"},
	// league variant 19-F: the engineer points a stop spends
	"fact.engineer-sure": {"an engineer point: made for sure, the die divided by 4", "un point d'ingénieur : réussi à coup sûr, le dé divisé par 4"},
	"fact.engineers":     {"{0} engineer {0|point|points}", "{0} {0|point|points} d'ingénieur"},
	// league variant 19-D: a long stop that repairs too much
	"fact.excess-roll": {"{0} points repaired: a quick-stop roll to leave at the next play, else one more turn in the pit", "{0} points réparés : un jet d'arrêt rapide pour repartir au prochain coup, sinon un tour de plus au stand"},
	"fact.excess-held": {"{0} points or more repaired: one more turn in the pit", "{0} points ou plus réparés : un tour de plus au stand"},
}
