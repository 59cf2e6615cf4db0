package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/pitwall/pitwall/persistence/internal/sqlstore"
)

// Backup writes an online, consistent copy of the database to dest, which
// must not exist (persistence.Backuper). It uses VACUUM INTO on a
// connection of its own: a read transaction, so Updates go on meanwhile
// and the copy is the snapshot at its start. The copy is written beside
// dest, synced, and only then linked to dest, so dest is either absent or
// complete.
func (s *Store) Backup(ctx context.Context, dest string) error {
	return vacuumInto(ctx, "file:"+escapePath(s.path)+"?_pragma=busy_timeout(5000)", dest)
}

// BackupInfo describes a copy written by BackupFile.
type BackupInfo struct {
	Bytes  int64 // size of the copy
	Schema int64 // schema version
	Games  int
	Events int64 // record lines, all games
}

// BackupFile copies the Pitwall database at src to dest (which must not
// exist) while other processes may go on writing to src, then checks the
// copy: SQLite's integrity check and every game's hash chain. src is
// opened read-only: it is neither created, nor migrated, nor changed. A
// missing src, a file that is not SQLite, or an SQLite file that is not a
// Pitwall database are refused with a message saying so.
func BackupFile(ctx context.Context, src, dest string) (BackupInfo, error) {
	if err := checkFile(src, false); err != nil {
		return BackupInfo{}, err
	}
	if err := noFile(dest); err != nil {
		return BackupInfo{}, err
	}
	if err := checkPitwall(ctx, src); err != nil {
		return BackupInfo{}, err
	}
	if err := vacuumInto(ctx, readOnlyDSN(src), dest); err != nil {
		return BackupInfo{}, err
	}
	info, err := Check(ctx, dest)
	if err != nil {
		return info, fmt.Errorf("copy %s written but it does not check: %w", dest, err)
	}
	return info, nil
}

func readOnlyDSN(path string) string {
	return "file:" + escapePath(path) + "?mode=ro&_pragma=busy_timeout(5000)"
}

func noFile(path string) error {
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("%s already exists; not overwritten: %w", path, fs.ErrExist)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// withReadOnly runs fn on a one-connection read-only handle on path.
func withReadOnly(ctx context.Context, path string, fn func(*sql.DB) error) error {
	db, err := sql.Open("sqlite", readOnlyDSN(path))
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if err := db.PingContext(ctx); err != nil {
		return fmt.Errorf("%s: %w", path, describe(err))
	}
	return fn(db)
}

// checkPitwall refuses an SQLite file without Pitwall's schema.
func checkPitwall(ctx context.Context, path string) error {
	return withReadOnly(ctx, path, func(db *sql.DB) error {
		var n int
		err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('schema_migrations', 'games', 'events')`).Scan(&n)
		if err != nil {
			return fmt.Errorf("%s: %w", path, describe(err))
		}
		if n != 3 {
			return fmt.Errorf("%s: an SQLite database but not a Pitwall one (no Pitwall tables)", path)
		}
		return nil
	})
}

// Check opens the database at path read-only and checks it: SQLite's
// integrity check, then the hash chain of every game. It returns what it
// counted.
func Check(ctx context.Context, path string) (BackupInfo, error) {
	var info BackupInfo
	if err := checkFile(path, false); err != nil {
		return info, err
	}
	if fi, err := os.Stat(path); err == nil {
		info.Bytes = fi.Size()
	}
	err := withReadOnly(ctx, path, func(db *sql.DB) error {
		var ok string
		if err := db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&ok); err != nil {
			return describe(err)
		}
		if ok != "ok" {
			return fmt.Errorf("integrity check: %s", ok)
		}
		stx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
		if err != nil {
			return err
		}
		defer stx.Rollback()
		if err := stx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&info.Schema); err != nil {
			return fmt.Errorf("not a Pitwall database: %w", err)
		}
		if err := stx.QueryRowContext(ctx, `SELECT COUNT(*) FROM events`).Scan(&info.Events); err != nil {
			return err
		}
		var ids []string
		rows, err := stx.QueryContext(ctx, `SELECT id FROM games ORDER BY id`)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		info.Games = len(ids)
		t := sqlstore.Tx(ctx, stx, dialect)
		for _, id := range ids {
			if err := t.VerifyChain(id); err != nil {
				return err
			}
		}
		return nil
	})
	return info, err
}

// vacuumInto writes a consistent copy of the database behind dsn to dest.
func vacuumInto(ctx context.Context, dsn, dest string) (err error) {
	if err := noFile(dest); err != nil {
		return err
	}
	dir := filepath.Dir(dest)
	// VACUUM INTO accepts an empty existing file: reserve a unique name
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(dest)+".partial-*")
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	tmpName := tmp.Name()
	tmp.Close()
	defer func() {
		os.Remove(tmpName) // the link (if any) keeps the data as dest
	}()

	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.ExecContext(ctx, `VACUUM INTO $1`, tmpName); err != nil {
		return fmt.Errorf("backup: %w", describe(err))
	}
	if err := syncFile(tmpName); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if err := os.Link(tmpName, dest); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s already exists; not overwritten: %w", dest, fs.ErrExist)
		}
		// no hard links here: rename, having checked again
		if err := noFile(dest); err != nil {
			return err
		}
		if err := os.Rename(tmpName, dest); err != nil {
			return fmt.Errorf("backup: %w", err)
		}
	}
	return syncDir(dir)
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	// some systems cannot sync a directory; the file itself is synced
	_ = d.Sync()
	return nil
}

// OpenReadOnly opens the Pitwall database at path read-only (refusing a
// missing file, a file that is not SQLite, or an SQLite file that is not a
// Pitwall database) for tools that read every table, e.g. a move to
// PostgreSQL. The caller closes it.
func OpenReadOnly(ctx context.Context, path string) (*sql.DB, error) {
	if err := checkFile(path, false); err != nil {
		return nil, err
	}
	if err := checkPitwall(ctx, path); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", readOnlyDSN(path))
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	return db, nil
}
