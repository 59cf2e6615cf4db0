//go:build !unix

package bot

import "time"

// processCPU is not measured here: the load benchmark reports 0.
func processCPU() time.Duration { return 0 }
