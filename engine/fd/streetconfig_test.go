package fd

// streetConfig is the street row's base configuration for engine/fd's own
// tests, which cannot import engine/fd/street (it imports engine/fd): the
// table hands out the module's (street.Config) through its ConfigModule
// hook, the module registered by register_street_test.go.
func streetConfig() Config { return ConfigFor(Street) }
