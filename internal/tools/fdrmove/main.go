package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// hostDir is the package the fdr files leave, relative to the module root;
// the import path the moved files use is the copy's module path (go.mod)
// joined with it.
const hostDir = "engine/fd"

func main() {
	src := flag.String("src", ".", "the checkout to copy (read only)")
	dst := flag.String("dst", "", "an empty scratch directory the copy is written to and rewritten in")
	keepTests := flag.Bool("keep-tests", false, "keep engine/fd's _test.go files in the copy")
	flag.Parse()
	if *dst == "" {
		fmt.Fprintln(os.Stderr, "fdrmove: -dst (an empty scratch directory) is required")
		os.Exit(2)
	}
	moved, err := run(*src, *dst, *keepTests)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fdrmove:", err)
		os.Exit(1)
	}
	prefixed := 0
	for _, m := range moved {
		prefixed += m.prefixed
	}
	fmt.Printf("fdrmove: moved %d files to %s, %d names prefixed with fd.\n", len(moved), filepath.Join(*dst, hostDir, "fdr"), prefixed)
}

// movedFile is a file the rehearsal moved, with how many of its names it
// prefixed.
type movedFile struct {
	name     string
	prefixed int
}

// run copies src to dst and moves the fdr files in dst; it returns the
// files moved.
func run(src, dst string, keepTests bool) ([]movedFile, error) {
	srcAbs, err := filepath.Abs(src)
	if err != nil {
		return nil, err
	}
	dstAbs, err := filepath.Abs(dst)
	if err != nil {
		return nil, err
	}
	// The rehearsal must never rewrite the checkout it reads.
	if rel, err := filepath.Rel(srcAbs, dstAbs); err == nil && !strings.HasPrefix(rel, "..") {
		return nil, fmt.Errorf("-dst %s is inside -src %s", dstAbs, srcAbs)
	}
	if entries, err := os.ReadDir(dstAbs); err == nil && len(entries) > 0 {
		return nil, fmt.Errorf("-dst %s is not empty", dstAbs)
	}
	if err := copyTree(srcAbs, dstAbs); err != nil {
		return nil, err
	}
	modPath, err := modulePath(filepath.Join(dstAbs, "go.mod"))
	if err != nil {
		return nil, err
	}
	return moveFDR(filepath.Join(dstAbs, hostDir), modPath+"/"+hostDir, keepTests)
}

// copyTree copies regular files, skipping .git: a directory, or in a git
// worktree a file naming the checkout's git directory, through which git
// run in the copy would stage the move on the checkout's branch.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.Name() == ".git" && p != src {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		return copyFile(p, filepath.Join(dst, rel))
	})
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func modulePath(goMod string) (string, error) {
	data, err := os.ReadFile(goMod)
	if err != nil {
		return "", err
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`), nil
		}
	}
	return "", errors.New("no module line in " + goMod)
}

// isFDRFile is a file that moves: a non-test fdr_*.go file.
func isFDRFile(name string) bool {
	return strings.HasPrefix(name, "fdr_") && strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go")
}

// moveFDR type-checks the package in dir as the build would (its build
// tags), rewrites its fdr files into dir/fdr and deletes them from dir.
func moveFDR(dir, fdPath string, keepTests bool) ([]movedFile, error) {
	bp, err := build.Default.ImportDir(dir, 0)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	sources := map[string][]byte{}
	for _, name := range bp.GoFiles {
		p := filepath.Join(dir, name)
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, p, data, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
		sources[name] = data
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check(fdPath, fset, files, info)
	if err != nil {
		return nil, fmt.Errorf("type-checking %s before the move: %w", fdPath, err)
	}
	inFDRFile := func(pos token.Pos) bool { return isFDRFile(filepath.Base(fset.Position(pos).Filename)) }

	// The offsets of the identifiers to prefix, by file.
	prefixAt := map[string][]int{}
	for id, obj := range info.Uses {
		if obj.Pkg() != pkg || obj.Parent() != pkg.Scope() || !inFDRFile(id.Pos()) || inFDRFile(obj.Pos()) {
			continue
		}
		pos := fset.Position(id.Pos())
		name := filepath.Base(pos.Filename)
		prefixAt[name] = append(prefixAt[name], pos.Offset)
	}

	// A build constraint excluding a file from this build would hide its
	// identifiers from the check above: none of fdr's files has one.
	for _, name := range append(slices.Clone(bp.IgnoredGoFiles), bp.InvalidGoFiles...) {
		if isFDRFile(name) {
			return nil, fmt.Errorf("%s is not in this build (a build constraint): the rewrite would miss its names", name)
		}
	}

	outDir := filepath.Join(dir, "fdr")
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return nil, err
	}
	var moved []movedFile
	for _, name := range bp.GoFiles {
		if !isFDRFile(name) {
			continue
		}
		out, err := rewrite(sources[name], prefixAt[name], fdPath)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if err := os.WriteFile(filepath.Join(outDir, name), out, 0o644); err != nil {
			return nil, err
		}
		if err := os.Remove(filepath.Join(dir, name)); err != nil {
			return nil, err
		}
		moved = append(moved, movedFile{name: name, prefixed: len(prefixAt[name])})
	}
	if err := os.WriteFile(filepath.Join(outDir, "doc.go"), []byte(packageDoc), 0o644); err != nil {
		return nil, err
	}
	if !keepTests {
		// Every test file, those of other builds too (fdr_race_on_test.go).
		tests, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
		if err != nil {
			return nil, err
		}
		for _, p := range tests {
			if err := os.Remove(p); err != nil {
				return nil, err
			}
		}
	}
	return moved, nil
}

const packageDoc = `// Package fdr is the competition rules (ruleset "fdr"), moved out of
// engine/fd by the rehearsal internal/tools/fdrmove: a scratch copy, not a
// landed package.
package fdr
`

// rewrite inserts "fd." before the identifiers at offsets, renames the
// package and imports engine/fd.
func rewrite(src []byte, offsets []int, fdPath string) ([]byte, error) {
	slices.Sort(offsets)
	var b bytes.Buffer
	last := 0
	for _, off := range offsets {
		b.Write(src[last:off])
		b.WriteString("fd.")
		last = off
	}
	b.Write(src[last:])

	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", b.Bytes(), parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("after prefixing: %w", err)
	}
	f.Name.Name = "fdr"
	if len(offsets) > 0 {
		addImport(f, fdPath)
	}
	var out bytes.Buffer
	if err := format.Node(&out, fset, f); err != nil {
		return nil, err
	}
	// format.Source sorts the import block the new path joined.
	return format.Source(out.Bytes())
}

// addImport adds path to the file's first import declaration, or a new
// one after the package clause.
func addImport(f *ast.File, path string) {
	spec := &ast.ImportSpec{Path: &ast.BasicLit{Kind: token.STRING, Value: fmt.Sprintf("%q", path)}}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if !gd.Lparen.IsValid() {
			// A single import: make it a block so both fit.
			gd.Lparen = gd.Pos()
			gd.Rparen = gd.End()
		}
		gd.Specs = append(gd.Specs, spec)
		f.Imports = append(f.Imports, spec)
		return
	}
	gd := &ast.GenDecl{Tok: token.IMPORT, Specs: []ast.Spec{spec}}
	f.Decls = append([]ast.Decl{gd}, f.Decls...)
	f.Imports = append(f.Imports, spec)
}
