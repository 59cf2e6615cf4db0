package street

import (
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
)

// The driver cards of T-13 (U-DRV-01, U-DRV-02): engine/fd reads them by
// key through the module (fd.DriverModule, fd.DriverByKey), and players
// name them as FindDriver reads.

// The driver keys of T-13 (a car's Driver, an option's Driver).
const (
	DriverLiTsu   = "li-tsu"
	DriverJack    = "jack"
	DriverStanley = "stanley"
	DriverDimitri = "dimitri"
	DriverJulien  = "julien"
	DriverJenny   = "jenny"
	DriverMontoya = "montoya"
	DriverDerek   = "derek"
	DriverDiane   = "diane"
	DriverTemana  = "temana"
)

// Drivers is T-13, in the order of the table; a driver's option
// letter is its place here (A Li-Tsu … J Temana).
var Drivers = []fd.Driver{
	{Key: DriverLiTsu, Name: "Li-Tsu Sin", Wear: fd.Wear{7, 3, 2, 2, 3, 3}, Ability: "Too cute: an opponent overtaking her on a straight moves 1 less"},
	{Key: DriverJack, Name: "Jack Owens", Wear: fd.Wear{9, 2, 2, 2, 3, 2}, Ability: "Drift pro: ±1 space in a corner for 1 tyre PS"},
	{Key: DriverStanley, Name: "Stanley Washington", Wear: fd.Wear{7, 2, 3, 2, 3, 3}, Ability: "Car radio: once per race, an adjacent car loses 1 PS (T-14)"},
	{Key: DriverDimitri, Name: "Dimitri Tzarof", Wear: fd.Wear{5, 4, 3, 3, 3, 4}, Ability: "Little genius: engine test lost on 1-3 only (1-2 in rain)"},
	{Key: DriverJulien, Name: "Julien « Frogger » Marcellin", Wear: fd.Wear{8, 4, 2, 2, 3, 2}, Ability: "Weather frog: re-rolls the weather; slides 1 in rain"},
	{Key: DriverJenny, Name: "Jenny Slivers", Wear: fd.Wear{4, 6, 2, 3, 3, 2}, Ability: "Expert mechanic: 4 PS at each checkpoint instead of 2"},
	{Key: DriverMontoya, Name: "Montoya Cadena", Wear: fd.Wear{5, 5, 3, 2, 3, 2}, Ability: "Improved nitro: may add 3 spaces to the nitro"},
	{Key: DriverDerek, Name: "Derek Manson", Wear: fd.Wear{6, 3, 2, 4, 3, 3}, Ability: "Aggressive: his collision partners roll twice"},
	{Key: DriverDiane, Name: "Diane Montfort", Wear: fd.Wear{6, 4, 2, 3, 3, 3}, Ability: "Gallantry: wins every play-order and grid tie"},
	{Key: DriverTemana, Name: "Temana Matahi", Wear: fd.Wear{6, 3, 3, 3, 3, 3}, Ability: "Trash car: drops debris once per lap; loses handling on debris on 1-2 only"},
}

// Drivers lists the module's driver cards for engine/fd
// (fd.DriverModule).
func (m *streetRules) Drivers() []fd.Driver { return Drivers }

// FindDriver reads a driver's name as players type it: the key, the first
// name, the surname, the full name or the nickname, in any case, accents
// of the French spelling aside.
func FindDriver(name string) (fd.Driver, bool) {
	n := normName(name)
	if n == "" {
		return fd.Driver{}, false
	}
	for _, d := range Drivers {
		if n == normName(d.Key) || n == normName(d.Name) {
			return d, true
		}
		for _, w := range strings.Fields(strings.NewReplacer("«", " ", "»", " ").Replace(d.Name)) {
			if n == normName(w) {
				return d, true
			}
		}
	}
	return fd.Driver{}, false
}

// normName folds a name for matching: lower case, no quotes or guillemets,
// the French accents of the cards dropped, single spaces.
func normName(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.NewReplacer("«", "", "»", "", "\"", "", "é", "e", "è", "e", "ë", "e").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}
