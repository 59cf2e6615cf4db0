package phrasebook

// rsEntries are Racing Simulator's words of its state and its orders
// (engine/rs contract_status.go, engine.Reported): the status a seat
// reads, its hand and sealed order, and the facts of each order. They
// are the texts rs.Contract's Status and Facts write, word for word, so
// a text said either way is the same (bot's rs status golden).
var rsEntries = map[string][2]string{
	// terms: a car's colour, the weather, an order's deck and direction
	"rs.colour.blue":             {"blue", "bleue"},
	"rs.colour.red":              {"red", "rouge"},
	"rs.colour.black":            {"black", "noire"},
	"rs.colour.orange":           {"orange", "orange"},
	"rs.colour.silver":           {"silver", "argent"},
	"rs.colour.dark-grey":        {"dark-grey", "gris foncé"},
	"rs.colour.red-silver":       {"red and silver", "rouge et argent"},
	"rs.colour.yellow":           {"yellow", "jaune"},
	"rs.colour.blue-dark-green":  {"blue and dark green", "bleu et vert foncé"},
	"rs.colour.blue-light-green": {"blue and light green", "bleu et vert clair"},
	"rs.weather.sun":             {"sun", "soleil"},
	"rs.weather.cloudy":          {"cloudy", "nuageux"},
	"rs.weather.light-rain":      {"light rain", "pluie faible"},
	"rs.weather.rain":            {"rain", "pluie"},
	"rs.weather.heavy-rain":      {"heavy rain", "pluie intense"},
	"tyre.intermediate":          {"intermediate", "intermédiaires"},
	"rs.deck.careful":            {"careful", "prudent"},
	"rs.deck.risky":              {"risky", "risqué"},
	"rs.dir.straight":            {"straight on", "tout droit"},
	"rs.dir.inside":              {"towards the inside", "vers l'intérieur"},
	"rs.dir.outside":             {"towards the outside", "vers l'extérieur"},

	// a car by its name; {^0} is the name at the head of a sentence
	"rs.car":        {"the {0} car", "la voiture {0}"},
	"rs.car-second": {"the second {0} car", "la deuxième voiture {0}"},
	"rs.car-system": {"system car {0}", "la voiture système {0}"},
	"rs.car-number": {"car {0}", "la voiture {0}"},
	"rs.name":       {"{^0}", "{^0}"},
	"rs.name-you":   {"{^0} (you)", "{^0} (vous)"},

	// the race now: the turn, the weather, each car, who has ordered
	"rs.progress":   {"{0}{1}{2}", "{0}{1}{2}"},
	"rs.turn":       {"Turn {0} of {1}.", "Tour {0} sur {1}."},
	"rs.over":       {"The race is over after {0} turns.", "La course est finie après {0} tours."},
	"rs.weather":    {" Weather: {0}, track humidity {1}.", " Météo : {0}, humidité de la piste {1}."},
	"rs.safety-car": {" The safety car is out.", " La voiture de sécurité est en piste."},
	"rs.out":        {"{^0}: out of the race", "{^0} : hors course"},
	"rs.position":   {"lap {0}, square {1}, gap {2}", "tour {0}, case {1}, écart {2}"},
	"rs.tyres":      {"{0} tyres ({1} cards)", "pneus {0} ({1} cartes)"},
	"rs.damage":     {"{0} damage card(s)", "{0} carte(s) de dégâts"},
	"rs.who":        {"{0}{1}", "{0}{1}"},
	"rs.ordered":    {"Ordered: {0}. ", "Ont joué : {0}. "},
	"rs.awaited":    {"Awaited: {0}.", "Attendues : {0}."},
	"rs.hand":       {"Your hand: {0}; {1} card(s) face down.{2}", "Votre main : {0} ; {1} carte(s) face cachée.{2}"},
	"rs.ask":        {"Your order for turn {0}, please.", "Votre ordre pour le tour {0}, s'il vous plaît."},

	// the reader's own sealed order, after its hand
	"rs.mine":            {" Your order: {0}{1}{2}{3}, sealed until everyone has ordered.", " Votre ordre : {0}{1}{2}{3}, scellé jusqu'à ce que tous aient joué."},
	"rs.mine-pass":       {" Your order: no attempt in this phase{0}, sealed until everyone has ordered.", " Votre ordre : pas de tentative dans cette phase{0}, scellé jusqu'à ce que tous aient joué."},
	"rs.mine-deck":       {" Your order: {0}{1}, sealed until everyone has ordered.", " Votre ordre : {0}{1}, scellé jusqu'à ce que tous aient joué."},
	"rs.mine-safety-car": {" Your order under the safety car: {0}{1}{2}, sealed until everyone has ordered.", " Votre ordre sous voiture de sécurité : {0}{1}{2}, scellé jusqu'à ce que tous aient joué."},
	"rs.with-risk":       {" with the risk card", " avec la carte prise de risque"},
	"rs.by-autopilot":    {" (autopilot, the deadline passed)", " (pilote automatique, le délai est passé)"},
	"rs.stay-out":        {"stay out", "rester en piste"},
	"rs.stop":            {"stop", "s'arrêter"},
	"rs.std":             {"{0}{1}{2}", "{0}{1}{2}"},
	"rs.tapez":           {", pushing the tyres (Tapez)", ", en tapant dans les pneus"},
	"rs.economise":       {", saving the tyres (Economise)", ", en économisant les pneus"},
	"rs.pit":             {", a pit stop for {0} tyres ({1} deck){2}", ", arrêt au stand pour des pneus {0} (paquet {1}){2}"},
	"rs.keep-nose":       {", keeping the damaged nose", ", sans changer le museau"},
	"rs.deck":            {"the {0} deck{1}{2}{3}", "le paquet {0}{1}{2}{3}"},
	"rs.redraw-under":    {", drawing again under {0} points", ", en retirant sous {0} points"},
	"rs.redraw-worse":    {", drawing again a time worse than {0}", ", en retirant un temps pire que {0}"},
	"rs.dir":             {", {0}", ", {0}"},
	"rs.start-tyres":     {", starting on {0} tyres", ", départ en pneus {0}"},

	// the facts of a speed order: its speed, passing the car ahead, the risk card
	"rs.facts": {"{0} km/h. {1}{2}", "{0} km/h. {1}{2}"},
	"rs.pass":  {"To pass {0} ahead you need {1} km/h more than it (zone {2}, gap {3}); otherwise you close 1 square per km/h more.", "Pour doubler {0}, devant, il faut {1} km/h de plus qu'elle (zone {2}, écart {3}) ; sinon vous reprenez 1 case par km/h de plus."},
	"rs.lead":  {"You lead the race.", "Vous menez la course."},
	"rs.risk":  {" Risk: on a red die of 0 or 1 (or 2 when your neighbour in the file takes risk too) you draw a card; {0} of {1} do nothing, the others send you off the track or slow you for good.", " Prise de risque : sur un dé rouge de 0 ou 1 (ou 2 si votre voisin de file en prend aussi), vous tirez une carte ; {0} sur {1} ne font rien, les autres vous sortent de la piste ou vous ralentissent pour de bon."},
}
