package phrasebook

// entries is the whole catalog: the options' words and the events'.
var entries = joinEntries(optionEntries, eventEntries, rsEntries)

// joinEntries merges parts of the catalog; a key twice is a mistake that
// stops every test at once.
func joinEntries(parts ...map[string][2]string) map[string][2]string {
	out := map[string][2]string{}
	for _, part := range parts {
		for k, v := range part {
			if _, dup := out[k]; dup {
				panic("phrasebook: key " + k + " twice in the catalog")
			}
			out[k] = v
		}
	}
	return out
}

// eventEntries say what happened (engine/fd.EventPhrase) and what a
// player must decide (engine/fd.DecisionPhrase): the sentences of replies,
// mails, Discord posts and the web page's log, and the board's last-play
// summary ("sum.*", shorter: the board has little room).
var eventEntries = map[string][2]string{
	// the parts of a sentence
	"ev.car":                  {"Car {0}", "La voiture {0}"},
	"ev.car-in-list":          {"car {0}", "voiture {0}"},
	"ev.list":                 {"{0}, {1}", "{0}, {1}"},
	"ev.in-parens":            {" ({0})", " ({0})"},
	"ev.english-only":         {"{0}", ""},
	"ev.qualifying":           {"Qualifying — {0}", "Qualifications — {0}"},
	"ev.cause":                {" ({0})", " ({0})"},
	"ev.cause-en":             {" ({0})", ""},
	"ev.because":              {": {0}", " : {0}"},
	"ev.because-en":           {": {0}", ""},
	"ev.at-place":             {", {0}", ", {0}"},
	"ev.space-place":          {" {0}", " {0}"},
	"ev.braking":              {", braking {0}", ", en freinant de {0}"},
	"ev.blocked":              {", blocked for {0}", ", bloquée sur {0}"},
	"ev.points":               {"{0} {1} {0|point|points}", "{0} {0|point|points} de {1}"},
	"ev.category-value":       {"{0} {1}", "{0} {1}"},
	"ev.ordinal":              {"{0}", "{0}"},
	"ev.team":                 {"team {0}", "écurie {0}"},
	"place.in-box":            {"in its pit box", "à son stand"},
	"place.any-straight":      {"on the straight", "sur la ligne droite"},
	"place.any-straight-lane": {"on the straight, {0}", "sur la ligne droite, {0}"},

	// a wear category as the points of it: "1 tyre point", "1 point de pneus"
	"pt.tyres":    {"tyre", "pneus"},
	"pt.brakes":   {"brake", "freins"},
	"pt.gearbox":  {"gearbox", "boîte"},
	"pt.gas":      {"gas", "consommation"},
	"pt.body":     {"body", "carrosserie"},
	"pt.engine":   {"engine", "moteur"},
	"pt.handling": {"handling", "tenue de route"},

	// what a die was rolled for
	"roll.running-order": {"qualifying running order", "ordre de passage aux essais"}, // league variant 1-A

	"roll.any":       {"a die", "un dé"},
	"roll.gear":      {"gear die", "dé de vitesse"},
	"roll.start":     {"for the start", "pour le départ"},
	"roll.collision": {"collision check", "test de collision"},
	"roll.engine":    {"engine test", "test moteur"},
	"roll.handling":  {"handling check", "test de tenue de route"},
	"roll.weather":   {"weather", "météo"},
	"roll.pit":       {"pit stop", "arrêt au stand"},
	"roll.fuel":      {"fuel test", "test de carburant"},
	"roll.grid":      {"starting grid", "grille de départ"},
	"roll.police":    {"police", "police"},
	"roll.rails":     {"rail table", "table des rails"}, // league variant 10-A

	// the weather
	"weather.sun":             {"sun", "soleil"},
	"weather.fine":            {"fine", "beau temps"},
	"weather.rain":            {"rain", "pluie"},
	"weather.changeable":      {"changeable", "variable"},
	"weather.changeable-rain": {"changeable, rain", "variable, pluie"},
	"weather.clouds":          {"clouds", "nuages"},
	"weather.storm":           {"storm", "orage"},
	"weather.deluge":          {"deluge", "déluge"},     // league 3-A
	"weather.heatwave":        {"heatwave", "canicule"}, // league 3-B

	// how the pits are shared (league variant 4-A)
	"pits.a": {"assigned by the team standings", "attribués selon le classement des écuries"},
	"pits.b": {"fixed for the season by last season's standings", "fixés pour la saison selon le classement de la saison passée"},
	"pits.c": {"chosen in the order of the team standings", "choisis dans l'ordre du classement des écuries"},
	"pits.d": {"chosen worst team first", "choisis par la dernière écurie d'abord"},

	// events
	"ev.takeback":         {"The game master took back play {0}: {1}", "Le maître de jeu a annulé le coup {0} : {1}"},
	"ev.roll":             {"Roll: {0} ({1})", "Lancer : {0} ({1})"},
	"ev.car-roll":         {"{0} rolls {1} ({2})", "{0} fait {1} ({2})"},
	"ev.gear":             {"{0} shifts into {1} gear", "{0} passe la {1}"},
	"ev.top-less":         {"{0} plays its Top: one space less", "{0} joue son Top : une case de moins"},
	"ev.top-more":         {"{0} plays its Top: one space more", "{0} joue son Top : une case de plus"},
	"ev.pilot-point-less": {"{0} spends a pilot point: one space less", "{0} dépense un point de pilote : une case de moins"},
	"ev.pilot-point-more": {"{0} spends a pilot point: one space more", "{0} dépense un point de pilote : une case de plus"},
	"ev.pilot-reroll":     {"{0} spends a pilot point on its {1}: the {2} is rolled again, the new result stands", "{0} dépense un point de pilote sur son {1} : le {2} est relancé, le nouveau résultat compte"},
	"ev.gearbox":          {"{0}: {1} on the d20 in {2} gear, gearbox {3}: {4}", "{0} : {1} au d20 en {2}, boîte {3} : {4}"},
	"ev.stays":            {"{0} stays where it is{1}{2}", "{0} reste sur place{1}{2}"},
	"ev.move":             {"{0} moves {1}{2}{3}{4}", "{0} avance de {1}{2}{3}{4}"},
	"ev.slipstream":       {"{0} takes the slipstream: {1}{2}{3}{4}", "{0} prend l'aspiration : {1}{2}{3}{4}"},
	"ev.stop":             {"{0} stops in {1} ({2} of {3})", "{0} marque un arrêt dans {1} ({2} sur {3})"},
	"ev.overshoot":        {"{0} overshoots {1} by {2} ({3} of {4} stops)", "{0} dépasse {1} de {2} ({3} arrêt(s) sur {4})"},
	"ev.wear":             {"{0} loses {1}{2}", "{0} perd {1}{2}"},
	"ev.repair":           {"{0} wins back {1}{2}", "{0} regagne {1}{2}"},
	"ev.contact":          {"{0} is in contact with car {1}", "{0} est au contact de la voiture {1}"},
	"ev.lap":              {"{0} completes lap {1}", "{0} termine le tour {1}"},
	"ev.stall":            {"{0} stalls at the start", "{0} cale au départ"},
	"ev.super-start":      {"{0} makes a super start", "{0} réussit un super départ"},
	"ev.start":            {"{0} gets away normally", "{0} part normalement"},
	"ev.finish":           {"{0} crosses the finishing line in {1} place", "{0} franchit l'arrivée en {1} position"},
	"ev.eliminated":       {"{0} is eliminated{1}", "{0} est éliminée{1}"},
	"ev.excluded":         {"{0} is shown the black flag: {1}", "{0} reçoit le drapeau noir : {1}"},
	"ev.over":             {"The race is over", "La course est terminée"},
	"ev.tyres":            {"{0} fits {1} tyres", "{0} monte des pneus {1}"},
	"ev.weather":          {"Weather: {0}{1}", "Météo : {0}{1}"},
	"ev.grid-formula":     {"{0}: grid score 2 × {1} (last race) + {2} (championship) + {3} (d20) = {4}", "{0} : score de grille 2 × {1} (dernière course) + {2} (championnat) + {3} (d20) = {4}"},
	"ev.pit-teams":        {"Pits {0}: {1}", "Stands {0} : {1}"},
	"ev.pit-box":          {"{0} takes pit {1} from the pit-lane entry", "{0} prend le stand {1} depuis l'entrée des stands"},
	"ev.configuration":    {"{0} is set up: {1}, {2} pit point(s)", "{0} est réglée : {1}, {2} point(s) de stand"},
	"ev.driver":           {"{0} is driven by {1}", "{0} est pilotée par {1}"},
	"ev.grid":             {"Starting grid: {0}", "Grille de départ : {0}"},
	"ev.round":            {"Round {0} — order of play: {1}", "Tour de jeu {0} — ordre : {1}"},
	"ev.nitro":            {"{0} fires its nitro: +{1}", "{0} envoie le nitro : +{1}"},
	"ev.too-cute":         {"{0} passes Li-Tsu Sin and loses a space", "{0} dépasse Li-Tsu Sin et perd une case"},
	"ev.debris":           {"Debris on the track{0}", "Des débris sur la piste{0}"},
	"ev.debris-cleared":   {"{0} sweeps the debris away{1}", "{0} balaie les débris{1}"},
	"ev.wing":             {"{0} sets a {1} wing", "{0} règle un aileron {1}"},
	"wing.neutral":        {"neutral", "neutre"},
	"wing.loaded":         {"high", "chargé"},
	"wing.unloaded":       {"low", "déchargé"},
	"ev.wing-change":      {"{0}'s crew fits a {1} wing at its stop ({2} {2|repair|repairs})", "l'équipe de {0} monte un aileron {1} à son arrêt ({2} {2|réparation|réparations})"},
	"ev.lock":             {"{0} sets its steering lock: {1}", "{0} règle son braquage : {1}"},
	"ev.lock-change":      {"{0}'s crew sets the steering lock to {1} at its stop ({2} {2|repair|repairs})", "l'équipe de {0} règle le braquage sur {1} à son arrêt ({2} {2|réparation|réparations})"},
	"lock.A1":             {"large (A1)", "grand (A1)"},
	"lock.A2":             {"medium (A2)", "moyen (A2)"},
	"lock.A3":             {"small (A3)", "petit (A3)"},
	"lock.none":           {"none", "aucun"},
	"ev.telemetry":        {"{0} spends its telemetry point: the {1} is rolled again", "{0} utilise son point de télémétrie : le {1} est relancé"},
	"ev.tyres-spent":      {"{0}'s {1} tyres are spent on their lap {2}: no tyre point left until they are changed", "{0} : ses pneus {1} sont usés dans leur tour {2} : plus aucun point de pneus jusqu'au changement"},
	"ev.debris-debris":    {"Debris on the track{0}: it costs body points", "Des débris sur la piste{0} : ils coûtent des points de carrosserie"},
	"ev.aquaplaning":      {"{0} aquaplanes on its {1} tyres (a {2} on the d20): it drops to gear {3}", "{0} fait de l'aquaplaning sur ses pneus {1} ({2} au d20) : elle descend en {3}e"},
	"ev.monsoon-grace":    {"The track dries under {0}'s monsoon tyres: they run one more lap at their cost, then they are worn", "La piste sèche sous les pneus mousson de {0} : ils tiennent encore un tour à leur coût, puis ils sont usés"},
	"ev.compulsory":       {"{0}: {1} spaces on this move for its steering lock", "{0} : {1} cases sur ce coup pour son braquage"},
	"ev.formation":        {"Formation lap before start {0}", "Tour de chauffe avant le départ {0}"},
	"ev.formation-stall":  {"{0} stalls on the formation lap: it will start behind the others", "{0} cale pendant le tour de chauffe : elle partira derrière les autres"},
	"ev.jump-start":       {"{0} jumps the start: the start is given again from the original grid", "{0} vole le départ : le départ est redonné sur la grille d'origine"},
	"ev.race-shortened":   {"Start {0} goes ahead: the race is cut to {1} laps", "Le départ {0} est donné : la course est réduite à {1} tours"},
	"ev.debris-worn":      {"The debris is cleaned{1}: {0} cars have passed over it", "Les débris sont nettoyés{1} : {0} voitures sont passées dessus"},
	"ev.debris-oil":       {"Oil on the track{0}: it costs engine points", "De l'huile sur la piste{0} : elle coûte des points de moteur"},
	"ev.drop":             {"{0} drops debris{1}", "{0} lâche des débris{1}"},
	"ev.police":           {"{0} passes the police line at {1}", "{0} passe la ligne de police à {1}"},
	"ev.police-award":     {"{0} holds the speed record of lap {1} ({2})", "{0} détient le record de vitesse du tour {1} ({2})"},
	"ev.qualified":        {"{0} sets its qualifying score: {1} rolls, {2} penalty", "{0} réalise son score de qualification : {1} lancers, {2} de pénalité"},
	"ev.contest-moves":    {"{0}: {1} moves over the three sessions", "{0} : {1} coups sur les trois séances"},
	"ev.contest-ended":    {"{0}: {1} moves, a lap ended before the line", "{0} : {1} coups, un tour arrêté avant la ligne"},
	"ev.contest":          {"Contest ranking: {0}", "Classement du concours : {0}"},
	"ev.running-order":    {"Qualifying session {0} runs in this order: {1}", "Séance d'essais {0}, ordre de passage : {1}"},

	// league variant 23-A(c): a season boost token; (c), (i): the grid's earning
	"ev.season-token": {"{0} spends a season token: one space more", "{0} dépense un jeton de saison : une case de plus"},
	"ev.grid-point":   {"{0} earns a pilot point with its place {1} on the grid, to spend in this race", "{0} gagne un point de pilote par sa place {1} sur la grille, à dépenser dans cette course"},
	// side event AX-3, league AMB-56: the car's state from circuit to circuit
	"ev.carry-in":          {"{0} brings its state from the circuit before: under way in {1} gear, in lane {2} from the left, with its life points {3}", "{0} apporte son état du circuit précédent : lancée en {1}, dans la file {2} depuis la gauche, avec ses points de vie {3}"},
	"ev.carry-in-standing": {"{0} starts standing in 1st, its lap having ended before the line on the circuit before, with its life points {1}", "{0} part arrêtée en 1re, son tour s'étant arrêté avant la ligne au circuit précédent, avec ses points de vie {1}"},
	"ev.carry-out":         {"{0} ends the circuit in {1} gear, in lane {2} from the left, with its life points {3}, and carries them to the next circuit", "{0} finit le circuit en {1}, dans la file {2} depuis la gauche, avec ses points de vie {3}, et les emporte au circuit suivant"},
	"ev.carry-out-ended":   {"{0}: its lap ended before the line, so it starts the next circuit standing in 1st, with its life points {1}", "{0} : son tour s'est arrêté avant la ligne, elle part donc arrêtée en 1re au circuit suivant, avec ses points de vie {1}"},

	// league variants 5-A, 6-B, 16-B, 16-C, 16-E (issue 16)
	"ev.super-top-move":    {"{0} plays its Super Top: it chooses its move, no roll", "{0} joue son Super Top : il choisit son déplacement, sans lancer"},
	"ev.super-top-save":    {"{0} spends its Super Top: it keeps its last {1} point", "{0} dépense son Super Top : il garde son dernier point de {1}"},
	"ev.pedal":             {"{0} puts the pedal to the metal: one space more for an engine point", "{0} met la pédale au plancher : une case de plus pour un point de moteur"},
	"ev.supercharge":       {"{0} supercharges its engine", "{0} suralimente son moteur"},
	"ev.supercharge-bonus": {"{0}'s supercharge: {1} spaces more", "suralimentation de {0} : {1} cases de plus"},
	"ev.boost":             {"{0} boosts (boost {1} of the race): 5 spaces more", "{0} booste (boost n° {1} de la course) : 5 cases de plus"},
	"ev.seventh-gear":      {"{0} in 7th gear: {1} on the 5th die and {2} on the 6th, {3}; {4} engine {4|test|tests} after the move", "{0} en 7e : {1} au dé de 5e et {2} au dé de 6e, {3} ; {4} {4|test|tests} moteur après le déplacement"},
	"ev.evo-bonus":         {"{0}'s évo engine: up to {1} spaces more, as it likes", "moteur évolution de {0} : jusqu'à {1} cases de plus, au choix"},
	"ev.red-flag-restart":  {"red flag on lap {0}: {1} markers and {2} walls on the circuit; the circuit is cleared and the race restarts from the grid, the retired cars back", "drapeau rouge au tour {0} : {1} marqueurs et {2} murs sur le circuit ; le circuit est nettoyé et la course repart de la grille, les abandons compris"},
	"ev.red-flag-ended":    {"red flag on lap {0}: {1} markers and {2} walls on the circuit; the race is over, classified in the order of the end of lap {3}", "drapeau rouge au tour {0} : {1} marqueurs et {2} murs sur le circuit ; la course est finie, classée dans l'ordre de la fin du tour {3}"},

	// league variant 21-B, a red flag on the last lap (AMB-46, LF-10)
	"ev.red-flag-half-points": {"red flag on the last lap ({0}): {1} markers and {2} walls on the circuit; the race is over, classified in the order of the end of lap {3}, for half points", "drapeau rouge dans le dernier tour ({0}) : {1} marqueurs et {2} murs sur le circuit ; la course est finie, classée dans l'ordre de la fin du tour {3}, pour la moitié des points"},

	// league variant 21-B, the retired cars back at the lap-1 restart (l.1265)
	"ev.red-flag-fresh":          {"{0} restarts in a fresh car", "{0} repart avec une voiture neuve"},
	"ev.red-flag-repaired":       {"{0} restarts with the points it had left, one more {1} point and new tyres: its team's spare car went to its teammate", "{0} repart avec les points qui lui restaient, un point de {1} en plus et des pneus neufs : le mulet de l'écurie est allé à son équipier"},
	"ev.red-flag-repaired-tyres": {"{0} restarts with the points it had left and new tyres: its team's spare car went to its teammate", "{0} repart avec les points qui lui restaient et des pneus neufs : le mulet de l'écurie est allé à son équipier"},

	// league variant 21-B, the two-part race of a middle lap (AMB-46)
	"ev.red-flag-aggregate": {"red flag on lap {0}: {1} markers and {2} walls on the circuit; part 1 is over, the circuit is cleared and part 2 runs one lap from a grid in part 1's order, the retired cars back; the result adds each car's squares behind the leader of each part", "drapeau rouge au tour {0} : {1} marqueurs et {2} murs sur le circuit ; la première manche est finie, le circuit est nettoyé et la seconde se court sur un tour, la grille dans l'ordre de la première, les abandons compris ; le résultat additionne les cases de retard de chaque voiture sur le premier de chaque manche"},
	"ev.red-flag-part":      {"{0} is {1} after part 1, {2} {2|square|squares} behind its leader", "{0} est {1} après la première manche, à {2} {2|case|cases} du premier"},
	"ev.aggregate":          {"{0}: {1} {1|square|squares} behind in part 1 and {2} in part 2, {3} in all", "{0} : {1} {1|case|cases} de retard dans la première manche et {2} dans la seconde, {3} en tout"},
	// league variant 20-A, rule A: the injury tests rolled in the race
	"ev.injury-unhurt":         {"{0}'s pilot comes out of the accident unhurt (injury test: {1})", "le pilote de {0} sort indemne de l'accident (test de blessure : {1})"},
	"ev.injury-hurt":           {"{0}'s pilot is injured in the accident (injury test: {1}): he misses the next {2} {2|race|races}", "le pilote de {0} est blessé dans l'accident (test de blessure : {1}) : il est absent {2} {2|course|courses}"},
	"ev.injury-dead":           {"{0}'s pilot dies of his injuries (injury test: {1}): his career is over", "le pilote de {0} meurt de ses blessures (test de blessure : {1}) : sa carrière est finie"},
	"ev.accident-stop-restart": {"the race is stopped on lap {1} after {0}'s serious accident: it restarts from the grid without the cars out of the race", "la course est arrêtée au tour {1} après l'accident grave de {0} : elle repart de la grille sans les voitures hors course"},
	"ev.accident-stop-ended":   {"the race is stopped on lap {1} after {0}'s serious accident: it is over, classified in the current order", "la course est arrêtée au tour {1} après l'accident grave de {0} : elle est finie, classée dans l'ordre du moment"},

	// 20-A rule B: a death on lap 1
	"ev.accident-stop-new-start": {"the race is stopped on lap {1} after {0}'s fatal accident: a new start for 2 laps, the grid in the order the cars stood at the accident, each car as it is, no tyre change", "la course est arrêtée au tour {1} après l'accident mortel de {0} : nouveau départ pour 2 tours, la grille dans l'ordre des voitures au moment de l'accident, chacune dans son état, sans changement de pneus"},

	// league variant 20-A, rule A's QUALI: the qualifying lap's off tested
	"ev.qualifying-injury-unhurt":  {"{0} goes off at {1} in qualifying ({2}): its pilot comes out unhurt (injury test: {3})", "{0} sort de la piste à {1} en qualifications ({2}) : son pilote en sort indemne (test de blessure : {3})"},
	"ev.qualifying-injury-injured": {"{0} goes off at {1} in qualifying ({2}): its pilot is injured (injury test: {3}) and the car does not start the race", "{0} sort de la piste à {1} en qualifications ({2}) : son pilote est blessé (test de blessure : {3}) et la voiture ne prend pas le départ"},
	"ev.qualifying-injury-dead":    {"{0} goes off at {1} in qualifying ({2}): its pilot dies of his injuries (injury test: {3}); the car does not start the race and his career is over", "{0} sort de la piste à {1} en qualifications ({2}) : son pilote meurt de ses blessures (test de blessure : {3}) ; la voiture ne prend pas le départ et sa carrière est finie"},
	"ev.quali-off-squares":         {"{0} {0|square|squares} past the bend", "{0} {0|case|cases} au-delà du virage"},
	"ev.quali-off-stops":           {"{0} of {1} stops", "{0} {0|arrêt|arrêts} sur {1}"},

	// events that say only that a car did something
	"ev.did.spin":           {"{0} spins", "{0} part en tête-à-queue"},
	"ev.did.pit-lane":       {"{0} enters the pit lane", "{0} entre dans la voie des stands"},
	"ev.did.pit-quick":      {"{0} leaves the pits with a quick exit", "{0} sort des stands (sortie rapide)"},
	"ev.did.pit-stop":       {"{0} stops in its pit box", "{0} s'arrête à son stand"},
	"ev.did.pit-long":       {"{0} makes a technical stop", "{0} fait un arrêt technique"},
	"ev.did.pit-technical":  {"{0} makes a technical stop", "{0} fait un arrêt technique"},
	"ev.did.pit-slow":       {"{0} makes a slow stop", "{0} fait un arrêt lent"},
	"ev.did.engine-blown":   {"{0} blows its engine", "{0} casse son moteur"},
	"ev.did.engine-test":    {"{0} tests its engine", "{0} fait un test moteur"},
	"ev.did.inertia":        {"{0} rolls on by inertia", "{0} avance sur son élan"},
	"ev.did.wall":           {"{0} hits the wall", "{0} touche le mur"},
	"ev.did.penalty":        {"{0} takes a penalty", "{0} reçoit une pénalité"},
	"ev.did.removed":        {"{0} is taken off the track", "{0} est retirée de la piste"},
	"ev.did.restart":        {"{0} restarts", "{0} repart"},
	"ev.did.turned":         {"{0} is turned around", "{0} est retournée"},
	"ev.did.drift":          {"{0} drifts", "{0} dérape"},
	"ev.did.radio":          {"{0} uses its radio", "{0} utilise sa radio"},
	"ev.did.weather-reroll": {"{0} rolls the weather again", "{0} relance la météo"},
	"ev.did.qualifying":     {"{0} starts its qualifying lap", "{0} commence son tour de qualification"},

	// what a player must decide: the header of a decision
	"dec.who":                {"Car {0}{1}{2}", "Voiture {0}{1}{2}"},
	"dec.player":             {" ({0})", " ({0})"},
	"dec.session":            {" [{0}]", " [{0}]"},
	"dec.session.qualifying": {"qualifying", "qualifications"},
	"dec.gear":               {"{0} must choose a gear:", "{0} doit choisir une vitesse :"},
	"dec.move":               {"{0} rolled {1}: choose where to go:", "{0} a fait {1} : choisissez où aller :"},
	"dec.slipstream":         {"{0} may take a slipstream:", "{0} peut prendre l'aspiration :"},
	"dec.pit":                {"{0} is in its box: choose the stop:", "{0} est à son stand : choisissez l'arrêt :"},
	"dec.tyres":              {"{0} must choose tyres:", "{0} doit choisir ses pneus :"},
	"dec.box":                {"{0} must choose a free pit, in grid order:", "{0} doit choisir un stand libre, dans l'ordre de la grille :"},
	"dec.wing":               {"{0} must set the wing:", "{0} doit régler l'aileron :"},
	"dec.lock":               {"{0} must set the steering lock:", "{0} doit régler le braquage :"},
	"dec.build":              {"{0} must configure the car (20 points):", "{0} doit configurer la voiture (20 points) :"},
	"dec.driver":             {"{0} picks a driver (driver NAME):", "{0} choisit son pilote (pilote NOM) :"},
	"dec.reroll":             {"{0}: weather {1}, roll again?", "{0} : météo {1}, relancer ?"},
	"dec.repair":             {"{0} recovers {1} points ({2}): choose where they go:", "{0} récupère {1} points ({2}) : choisissez où les mettre :"},

	// the board's last-play summary
	"sum.other-car":               {"car {0}: {1}", "voit. {0}: {1}"},
	"sum.stall":                   {"stalls at the start", "cale au départ"},
	"sum.super-start":             {"super start", "super départ"},
	"sum.move":                    {"moves {0}{1}{2}", "avance de {0}{1}{2}"},
	"sum.slipstream":              {"slipstream {0} spaces{1}{2}", "aspiration de {0} cases{1}{2}"},
	"sum.pit-quick":               {"quick exit, {0} spaces{1}{2}", "sortie rapide, {0} cases{1}{2}"},
	"sum.braking":                 {", brakes {0}", ", freine de {0}"},
	"sum.blocked":                 {", blocked {0}", ", bloquée {0}"},
	"sum.wear":                    {"{0} {1}", "{0} {1}"},
	"sum.overshoot":               {"overshoots {0} by {1}", "dépasse {0} de {1}"},
	"sum.spin":                    {"spins in {0}", "tête-à-queue dans {0}"},
	"sum.stop":                    {"stop {0}/{1} in {2}", "arrêt {0}/{1} dans {2}"},
	"sum.contact":                 {"contact with car {0}", "contact avec la voiture {0}"},
	"sum.pit-lane":                {"into the pit lane", "entre dans la voie des stands"},
	"sum.pit-stop":                {"pit stop", "arrêt au stand"},
	"sum.pit-slow":                {"slow stop", "arrêt lent"},
	"sum.pit-technical":           {"technical stop", "arrêt technique"},
	"sum.debris":                  {"debris left", "débris sur la piste"},
	"sum.lap":                     {"completes lap {0}", "termine le tour {0}"},
	"sum.finish":                  {"finishes {0}", "arrive {0}"},
	"sum.eliminated":              {"ELIMINATED", "ÉLIMINÉE"},
	"sum.weather":                 {"weather: {0}", "météo : {0}"},
	"sum.weather.fine":            {"fine", "beau temps"},
	"sum.weather.changeable":      {"changeable", "temps variable"},
	"sum.weather.changeable-rain": {"changeable-rain", "pluie variable"},
	"sum.weather.rain":            {"rain", "pluie"},
	"sum.weather.deluge":          {"deluge", "déluge"},
	"sum.weather.heatwave":        {"heatwave", "canicule"},

	// causes: the English is the engine's own text ({0}), the French
	// takes its parts ({1} …)
	"cause.collision":               {"{0}", "collision avec la voiture {1}"},
	"cause.excluded":                {"{0}", "exclue par la direction de course : {1}"},
	"cause.downshift-from-to":       {"{0}", "rétrogradage de {1} à {2}"},
	"cause.downshift":               {"{0}", "rétrogradage"},
	"cause.braking":                 {"{0}", "freinage"},
	"cause.overshooting":            {"{0}", "dépassement de {2} dans {1}"},
	"cause.overshoot":               {"{0}", "dépassement"},
	"cause.left-stops":              {"{0}", "a quitté {1} avec {2} arrêt(s) sur {3}"},
	"cause.left-stops-excessive":    {"{0}", "a quitté {1} avec {2} arrêt(s) sur {3} : dépassement excessif"},
	"cause.session-aborted":         {"{0}", "session interrompue : a quitté {1} avec {2} arrêt(s) sur {3}"},
	"cause.aborts-session":          {"{0}", "interrompt la session : quitte {1} avec {2} arrêt(s) sur {3}"},
	"cause.overshot":                {"{0}", "a dépassé {1} de {2}"},
	"cause.overshot-tyres":          {"{0}", "dépasse {1} de {2} ({3} points de pneus) avec {4} points de pneus"},
	"cause.blocked-braked":          {"{0}", "bloquée à {1} case(s) de son but, freinage de {2}"},
	"cause.blocked-short":           {"{0}", "bloquée à {1} case(s) de son but"},
	"cause.radio":                   {"{0}", "radio de la voiture {1}"},
	"cause.checkpoint":              {"{0}", "point de contrôle"},
	"cause.collision-eliminated":    {"{0}", "collision qui a éliminé la voiture {1} : automatique"},
	"cause.drift":                   {"{0}", "dérapage"},
	"cause.quoted":                  {"{0}", "{0}"},
	"cause.overshot-after-spin":     {"{0}", "a dépassé {1} de {2} au coup suivant un tête-à-queue"},
	"cause.lost-last":               {"{0}", "a perdu son dernier point de {1}"},
	"cause.lost-last-because":       {"{0}", "a perdu son dernier point de {1}{2}"},
	"cause.lost-more-tyres":         {"{0}", "a perdu plus de points de pneus qu'elle n'en avait"},
	"cause.lost-more-tyres-because": {"{0}", "a perdu plus de points de pneus qu'elle n'en avait{1}"},
	"cause.downshift-last-engine":   {"{0}", "le rétrogradage prend le dernier point de moteur"},
	"cause.slip-brake":              {"{0}", "aspiration dans un virage"},
	"cause.police-record":           {"{0}", "record de vitesse devant la police"},
	"cause.checkpoint-tyres":        {"{0}", "point de contrôle : tous les pneus"},
	"cause.blocking":                {"{0}", "blocage"},
	"cause.severe-spin":             {"{0}", "calée après son tête-à-queue et poussée hors de la piste par les commissaires"},
	"cause.rails-rebound":           {"{0}", "rebond sur les rails de {1} (10-A)"},
	"cause.debris-marker":           {"{0}", "débris"},
	"cause.hurt-in-qualifying":      {"{0}", "son pilote a été blessé en qualifications"},
	"cause.oil-marker":              {"{0}", "huile"},
	"cause.dangerous":               {"{0}", "case dangereuse"},
	"cause.wall":                    {"{0}", "le mur"},
	"cause.over-rev":                {"{0}", "surrégime de {1} à {2}"},
	"cause.engine":                  {"{0}", "test moteur"},
	"cause.handling":                {"{0}", "tenue de route"},
	"cause.spin":                    {"{0}", "tête-à-queue"},
	"cause.pit":                     {"{0}", "arrêt au stand"},
	"cause.pedal":                   {"{0}", "pédale au plancher"},
	"cause.out-of-fuel":             {"{0}", "panne sèche après {1} boost(s)"},

	// league variants 19-A, 19-C, 19-D, 19-F, 19-G: the pit pack
	"cause.pit-speed":        {"{0}", "limitation de vitesse dans la voie des stands : entrée en {1}e"},
	"ev.refuel":              {"{0} refills {1} in its pit", "{0} refait le plein à son stand : {1}"},
	"ev.did.pit-held":        {"{0} repaired too much: it stays in its pit one more turn", "{0} a trop réparé : elle reste à son stand un tour de plus"},
	"ev.did.pit-wait":        {"{0} waits in its pit", "{0} attend à son stand"},
	"sum.pit-held":           {"one more turn in the pit", "un tour de plus au stand"},
	"ev.did.spare-car":       {"{0} is back in the race in its team's spare car, in its pit with one engine point less", "{0} repart dans le mulet de son écurie, depuis son stand, avec un point de moteur en moins"},
	"ev.spare-car-fresh":     {"{0} is back in the race in its team's spare car, a fresh one, in its pit: its first move stops before the first bend", "{0} repart dans le mulet de son écurie, une voiture neuve, depuis son stand : son premier déplacement s'arrête avant le premier virage"},
	"ev.spare-car-cut":       {"{0} is back in the race in its team's spare car, in its pit in 1st, one point less in {1} and one in {2}", "{0} repart dans le mulet de son écurie, depuis son stand en 1re, un point de moins en {1} et un en {2}"},
	"sum.pit-wait":           {"waits in the pit", "attend au stand"},
	"ev.did.mechanics-point": {"{0} makes its quick stop: a mechanics point for its team", "{0} réussit son arrêt rapide : un point de mécanicien pour son écurie"},
	"ev.did.engineer-point":  {"{0} calls on its team's engineers", "{0} fait appel aux ingénieurs de son écurie"},
	"ev.engineer-tune":       {"{0} gets one more {1} point from its team's engineers before the race", "{0} reçoit des ingénieurs de son écurie un point de {1} de plus avant la course"},

	// league variant 10-A: the rail cases
	"ev.rails-straight": {"{0} cannot pay its overshoot out of {1}, between the rails: {2} on the d20, it goes straight off{3}", "{0} ne peut pas payer sa sortie de {1} entre les rails : {2} au d20, elle sort tout droit{3}"},
	"ev.rails-inside":   {"{0} cannot pay its overshoot out of {1}, between the rails: {2} on the d20, it goes off towards the centre of the circuit{3}", "{0} ne peut pas payer sa sortie de {1} entre les rails : {2} au d20, elle sort vers l'intérieur du circuit{3}"},
	"ev.rails-outside":  {"{0} cannot pay its overshoot out of {1}, between the rails: {2} on the d20, it goes off towards the outside{3}", "{0} ne peut pas payer sa sortie de {1} entre les rails : {2} au d20, elle sort vers l'extérieur{3}"},
	"ev.rails-rebound":  {"{0} cannot pay its overshoot out of {1}, between the rails: {2} on the d20, it bounces off the rail back onto the track{3}, spun and its tyres worn out", "{0} ne peut pas payer sa sortie de {1} entre les rails : {2} au d20, elle rebondit sur le rail et revient en piste{3}, en tête-à-queue et les pneus usés"},
	"ev.rails-runaway":  {"{0} cannot pay its overshoot out of {1}, between the rails: {2} on the d20, it spins away out of control{3}: out of the race, it keeps spinning until the end of the turn, and every car that drives into the three lanes over three spaces around it takes a collision check", "{0} ne peut pas payer sa sortie de {1} entre les rails : {2} au d20, elle part en toupie{3} : hors course, elle tourne jusqu'à la fin du tour, et toute voiture qui entre dans les trois files sur trois cases autour d'elle passe un test de collision"},

	// league variant 10-A: the runaway car of the rail cases
	"ev.runaway-hit":     {"{0} is hit by the spinning car {1}{2}: it loses a tyre point and rolls the spin die (10 or less, it spins)", "{0} est percutée par la voiture {1} en toupie{2} : elle perd un point de pneus et lance le dé de tête-à-queue (10 ou moins, elle part en tête-à-queue)"},
	"ev.runaway-missed":  {"{0} gets past the spinning car {1} untouched{2}", "{0} évite la voiture {1} en toupie{2}"},
	"ev.runaway-stopped": {"The spinning car {0} comes to a stop{1}: markers are strewn under it and all around it", "La voiture {0} en toupie s'immobilise{1} : des marqueurs jonchent la piste sous elle et tout autour"},
	"roll.spin":          {"spin die", "dé de tête-à-queue"},
	"cause.runaway-hit":  {"{0}", "percutée par la voiture {1} en toupie (10-A)"},
	"cause.runaway-spin": {"{0}", "tête-à-queue après le choc avec la voiture {1} en toupie (10-A)"},
	"status.runaway":     {"Car {0} spins out of control past {1} until the end of the turn{2}: every car that drives into the three lanes over three spaces around it takes a collision check", "La voiture {0} part en toupie après {1} jusqu'à la fin du tour{2} : toute voiture qui entre dans les trois files sur trois cases autour d'elle passe un test de collision"},
	// a car's state the status text says (league 5-B, 5-C, 5-E2, 16-B)
	// league variant 8-B: the super-softs' lap of their set
	"status.supersoft-first":  {"super-soft tyres on the set's first lap: up to 2 spaces more where the soft's bonus is open", "pneus super tendres au premier tour du train : jusqu'à 2 cases de plus là où le bonus du tendre est ouvert"},
	"status.supersoft-second": {"super-soft tyres on the set's second and last lap: no bonus, 3 tyre points a square overshot, spent at the line", "pneus super tendres au deuxième et dernier tour du train : pas de bonus, 3 points de pneus par case de dépassement, usés à la ligne"},
	"status.supersoft-spent":  {"super-soft tyres spent: every overshoot unpaid until a pit stop fits new tyres", "pneus super tendres usés : tout dépassement impayé jusqu'à ce qu'un arrêt au stand monte des pneus neufs"},

	"status.wing":            {"{0} wing", "aileron {0}"},
	"status.lock":            {"steering lock {0}", "braquage {0}"},
	"status.telemetry-left":  {"telemetry point to spend", "point de télémétrie à utiliser"},
	"status.telemetry-spent": {"telemetry point spent", "point de télémétrie utilisé"},
	"status.pedal-left":      {"pedal to the metal free this lap", "pédale au plancher disponible ce tour"},
	"status.pedal-spent":     {"pedal to the metal spent this lap", "pédale au plancher utilisée ce tour"},
	// a car's state the status text says (league 6-A, 6-B)
	"status.top-left":        {"the Top free this lap", "Top disponible ce tour"},
	"status.top-spent":       {"the Top spent this lap", "Top utilisé ce tour"},
	"status.super-top-left":  {"Super Top held", "Super Top en réserve"},
	"status.super-top-spent": {"Super Top spent", "Super Top utilisé"},
	// a car's points the status text says (league 19-F, 19-G, 23-B)
	"status.engineers-left":   {"{0} engineer {0|point|points} left", "{0} {0|point|points} d'ingénieur {0|restant|restants}"},
	"status.mechanics":        {"{0} team mechanics {0|point|points}, quick stops +{1}", "{0} {0|point|points} de mécaniciens d'écurie, arrêts rapides +{1}"},
	"status.team-points":      {"{0} team {0|point|points}, quick stops +{0}", "{0} {0|point|points} d'écurie, arrêts rapides +{0}"},
	"status.team-build-point": {"a team build point this race", "un point de configuration d'écurie pour cette course"},
	// the race's weather the status text says (league 3-A, 3-B, 3-C, 8-C)
	"status.weather":         {"Weather: {0}, {1}, {2}", "Météo : {0}, {1}, {2}"},
	"status.track-dry":       {"dry track", "piste sèche"},
	"status.track-wet":       {"wet track", "piste mouillée"},
	"status.weather-changes": {"a weather test may still change it", "un test météo peut encore la changer"},
	"status.weather-final":   {"final to the flag", "définitive jusqu'à l'arrivée"},
	// the race's status through the game contract (engine/fd contract.go, Contract.Status)
	"status.race":             {"Round {0}, play {1}", "Tour de jeu {0}, coup {1}"},
	"status.race-over":        {"The race is over after {0} {0|round|rounds}", "La course est finie après {0} {0|tour|tours} de jeu"},
	"status.car":              {"{0}. {1}: {2}, {3} {3|lap|laps}", "{0}. {1} : {2}, {3} {3|tour|tours}"},
	"status.car-yours":        {"{0} (you)", "{0} (vous)"},
	"status.car-racing":       {"racing", "en course"},
	"status.car-finished":     {"finished", "arrivée"},
	"status.car-eliminated":   {"eliminated", "éliminée"},
	"status.car-hidden-build": {"hidden build of {0} points, at least 1 a characteristic", "configuration cachée de {0} points, au moins 1 par caractéristique"},
	// the race's state as bot's status text says it (engine/fd contract_status.go, Contract.Report)
	"status.progress":      {"round {0}, play {1}", "tour de jeu {0}, coup {1}"},
	"status.laps-one":      {"{0} lap", "{0} tour"},
	"status.laps":          {"{0} laps", "{0} tours"},
	"status.wear-points":   {"wear points {0}", "points d'usure {0}"},
	"status.wear-category": {"{0} {1}", "{0} {1}"},
	// league 22-A: life points as marks against the car's start
	"status.life-points":   {"life points {0}", "points de vie {0}"},
	"status.life-category": {"{0} {1} {2}/{3}", "{0} {1} {2}/{3}"},
	// league 23-A, 23-C's pilot points, 23-A(c)'s season tokens, 5-A and 16-F's booster points
	"status.pilot-points-spent-in-qualifying": {"its Super Pilot point was spent in qualifying, none left for the race", "son point de Super Pilote a été dépensé en qualifications, il n'en reste aucun pour la course"},
	"status.pilot-points-none":                {"no pilot point left", "plus de point de pilote"},
	"status.pilot-points-left":                {"{0} pilot {0|point|points} left", "{0} {0|point|points} de pilote {0|restant|restants}"},
	"status.season-tokens-none":               {"no season token left", "plus de jeton de saison"},
	"status.season-tokens-left":               {"{0} season {0|token|tokens} left", "{0} {0|jeton|jetons} de saison {0|restant|restants}"},
	"status.boosters-none":                    {"no booster point left", "plus de point de booster"},
	"status.boosters-left":                    {"{0} booster {0|point|points} left", "{0} {0|point|points} de booster {0|restant|restants}"},
	// a decision a reader may not read the options of (league 5-D), and how to give 5-A's booster points (AMB-14)
	"dec.options-hidden": {"its options are hidden with its build until its race ends", "ses options sont cachées avec sa configuration jusqu'à la fin de sa course"},
	"dec.booster-help":   {"Booster points: write boost and their number after the letter or the numbers, 0 to {0} (config A boost 3, config 5/3/3/2/2/2 boost 0); unsaid, {0}.", "Points de booster : écrivez booster et leur nombre après la lettre ou les nombres, de 0 à {0} (reglage A booster 3, reglage 5/3/3/2/2/2 booster 0) ; sans rien dire, {0}."},
	// the race's counts toward its stoppage the status text says (league 21-B, 15-A)
	"status.red-flag":     {"Red flag at {1} markers or {3} walls: {0} {0|marker|markers} and {2} {2|wall|walls} on the circuit", "Drapeau rouge à {1} marqueurs ou {3} murs : {0} {0|marqueur|marqueurs} et {2} {2|mur|murs} sur le circuit"},
	"status.oval-restart": {"Oval restart at {1} markers: {0} {0|marker|markers} on the circuit", "Arrêt sur l'ovale à {1} marqueurs : {0} {0|marqueur|marqueurs} sur le circuit"},

	// league variant 2-B: the race chess clock
	"ev.clock-out":    {"{0} has spent its race clock ({1}): from now on, an out-of-fuel test before each of its moves", "{0} a épuisé son chrono de course ({1}) : désormais, un test de panne sèche avant chacun de ses coups"},
	"cause.clock-out": {"{0}", "panne sèche, son chrono de course épuisé ({1} ou moins au d20)"},
	"ev.time-out":     {"{0} has spent its time bank ({1}): frozen where it stands, its heat is over", "{0} a épuisé sa réserve de temps ({1}) : figée où elle est, sa manche est finie"},
	"cause.time-out":  {"{0}", "figée où elle est, sa réserve de temps de {1} épuisée"},

	// side event AX-5: the symmetric heat's grid
	"ev.grid-symmetric": {"Starting grid side by side, pole left empty: {0} on the inside of {2}, {1} on the outside, both as far from the bend; {0} plays first", "Grille de départ côte à côte, pole laissée vide : {0} à la corde de {2}, {1} à l'extérieur, toutes deux à la même distance du virage ; {0} joue en premier"},

	// league variant 5-D: a configuration another seat may not see yet
	"ev.configuration-hidden": {"{0} is set up: {1} build points, the rest hidden until its race ends", "{0} est réglée : {1} points de configuration, le reste caché jusqu'à la fin de sa course"},

	// league variant 23-A(g): a pilot point spent on a new roll of the movement die
	"ev.pilot-point-reroll": {"{0} spends a pilot point: the {1} of the movement die is rolled again, the new result stands", "{0} dépense un point de pilote : le {1} du dé de déplacement est relancé, le nouveau résultat compte"},

	// league variants 23-A(d) and 6-B: a black-die test refused before it is rolled
	"ev.test-refused-pilot":     {"{0} spends a pilot point: its {1} is not rolled, it passes", "{0} dépense un point de pilote : son {1} n'est pas lancé, il est réussi"},
	"ev.test-refused-super-top": {"{0} spends its Super Top: its {1} is not rolled, it passes", "{0} dépense son Super Top : son {1} n'est pas lancé, il est réussi"},

	// a qualifying session's end and line (O-QUA): its car alone, no place
	"ev.qualifying-finish": {"{0} crosses the finishing line", "{0} franchit la ligne d'arrivée"},
	"ev.qualifying-over":   {"Car {0}'s qualifying lap is over", "Le tour de qualification de la voiture {0} est terminé"},
}

// IsEventKey reports whether key says an event, a cause, a decision's
// header or a board summary rather than an option (for the walks' tests).
func IsEventKey(key string) bool {
	_, ok := eventEntries[key]
	_, rs := rsEntries[key] // Racing Simulator's: no Formula Dé option says them
	return ok || rs
}
