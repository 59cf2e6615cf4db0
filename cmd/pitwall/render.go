package main

type TrackRenderCmd struct {
	ID  string `arg:"" help:"Circuit id or .track file."`
	Out string `short:"o" required:"" help:"Output PNG file."`
}

func (c *TrackRenderCmd) Run(e *env) error {
	return errorf("track render: not built yet")
}
