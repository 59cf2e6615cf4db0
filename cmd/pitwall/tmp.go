package main

import "errors"

func errorf(s string) error { return errors.New(s) }
