#!/usr/bin/env bash
# Point-in-time recovery of the shop's PostgreSQL (docs/deploy.md, "Point-in-time recovery"): a base backup taken
# while the shop runs, and a restore of one into an empty data directory that replays the archived WAL up to a
# moment (or to the end of the archive), written for PostgreSQL 15 (Debian 12's). Run it as the operating-system
# user that owns the cluster (on Debian: sudo -u postgres scripts/pitr.sh ...).
#
#   scripts/pitr.sh base-backup <dir> [pg_basebackup option...]
#   scripts/pitr.sh restore <backup-dir> [--target-time ISO] [--data-dir DIR] [--wal-archive DIR | --restore-command CMD]
#
# base-backup connects as libpq does (PGHOST, PGPORT, PGUSER, or -d '<conninfo>' after the directory) with a role
# allowed to replicate (the postgres superuser over the local socket, on Debian), and writes base.tar.gz,
# pg_wal.tar.gz and backup_manifest into <dir>, which must not exist yet. A base backup alone restores only to its
# own end: the server must archive its WAL (archive_mode = on, see the docs), and this command says so when it does
# not.
#
# restore unpacks the backup into the data directory (--data-dir, else PGDATA), which must be empty or absent, and
# writes the recovery settings: restore_command (cp from --wal-archive, else PITR_WAL_ARCHIVE, or the command given),
# recovery_target_time with recovery_target_action = 'promote' when a time is given, and recovery.signal. Starting
# the server then replays the WAL and opens the database at that moment.
#
# PG_BIN names the directory of PostgreSQL's programs (default: those on PATH, then /usr/lib/postgresql/15/bin).
set -euo pipefail

usage() {
  grep '^#   scripts/pitr.sh' "$0" | sed 's/^#   /usage: /' >&2
  exit 2
}

die() {
  echo "pitr: $*" >&2
  exit 1
}

bin() {
  if [[ -n "${PG_BIN:-}" ]]; then
    echo "$PG_BIN/$1"
  elif command -v "$1" >/dev/null 2>&1; then
    command -v "$1"
  else
    echo "/usr/lib/postgresql/15/bin/$1"
  fi
}

# A value for postgresql.conf: single-quoted, its quotes doubled.
quoted() {
  printf "'%s'" "${1//\'/\'\'}"
}

base_backup() {
  local dir="${1:-}"
  [[ -n "$dir" ]] || usage
  shift
  [[ ! -e "$dir" ]] || die "$dir exists already: a base backup goes into a new directory"
  # The connection options given for pg_basebackup, for the psql that asks whether the server archives its WAL.
  local connection=()
  local args=("$@")
  for ((i = 0; i < ${#args[@]}; i++)); do
    case "${args[$i]}" in
      -d | -h | -p | -U | --dbname | --host | --port | --username) connection+=("${args[$i]}" "${args[$((i + 1))]:-}") ;;
      --dbname=* | --host=* | --port=* | --username=*) connection+=("${args[$i]}") ;;
    esac
  done
  local archiving
  archiving=$("$(bin psql)" "${connection[@]}" -XtAc 'show archive_mode' 2>/dev/null || echo unknown)
  # -Ft -z: one compressed tar for the data, one for the WAL streamed during the backup (-X stream), so that the
  # backup is consistent on its own; -c fast: a checkpoint now rather than at the next scheduled one.
  "$(bin pg_basebackup)" -D "$dir" -Ft -z -X stream -c fast "$@"
  echo "Base backup written to $dir ($(du -sh "$dir" | cut -f1))."
  if [[ "$archiving" != on && "$archiving" != always ]]; then
    echo "pitr: archive_mode is '$archiving' on this server: this backup restores to its own end only." >&2
    echo "pitr: set archive_mode = on and an archive_command (docs/deploy.md) to recover to any later moment." >&2
  fi
}

restore() {
  local backup="${1:-}"
  [[ -n "$backup" ]] || usage
  shift
  local target_time="" data_dir="${PGDATA:-}" archive="${PITR_WAL_ARCHIVE:-}" restore_command=""
  while (($#)); do
    case "$1" in
      --target-time) target_time="${2:-}"; shift 2 ;;
      --data-dir) data_dir="${2:-}"; shift 2 ;;
      --wal-archive) archive="${2:-}"; shift 2 ;;
      --restore-command) restore_command="${2:-}"; shift 2 ;;
      *) usage ;;
    esac
  done
  [[ -f "$backup/base.tar.gz" ]] || die "$backup holds no base.tar.gz: not a base backup of this script"
  [[ -n "$data_dir" ]] || die "name the data directory to restore into: --data-dir DIR (or PGDATA)"
  if [[ -e "$data_dir" ]] && [[ -n "$(ls -A "$data_dir")" ]]; then
    die "$data_dir is not empty: stop the server and move its data directory aside first"
  fi
  if [[ -z "$restore_command" ]]; then
    [[ -n "$archive" ]] || die "say where the archived WAL is: --wal-archive DIR (or PITR_WAL_ARCHIVE), or --restore-command"
    [[ -d "$archive" ]] || die "$archive is not a directory"
    restore_command="cp \"$(cd "$archive" && pwd)/%f\" \"%p\""
  fi
  if [[ -n "$target_time" ]] &&
    ! [[ "$target_time" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}[T\ ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?(Z|[+-][0-9]{2}(:?[0-9]{2})?)$ ]]; then
    die "--target-time wants an ISO 8601 time with its zone, e.g. 2026-11-26T21:30:00Z"
  fi
  # recovery_target_time refuses ISO 8601's T and Z (PostgreSQL 15): the same moment in the form it reads.
  target_time="${target_time/T/ }"
  target_time="${target_time/%Z/+00}"

  mkdir -p "$data_dir"
  chmod 700 "$data_dir"
  tar -xzf "$backup/base.tar.gz" -C "$data_dir"
  if [[ -f "$backup/pg_wal.tar.gz" ]]; then tar -xzf "$backup/pg_wal.tar.gz" -C "$data_dir/pg_wal"; fi
  # postgresql.auto.conf is read last, after postgresql.conf (which Debian keeps in /etc, outside the data
  # directory), so these settings win wherever the configuration lives.
  {
    echo
    echo "# Written by scripts/pitr.sh restore on $(date -u +%Y-%m-%dT%H:%M:%SZ); ignored once recovery.signal is gone."
    echo "restore_command = $(quoted "$restore_command")"
    if [[ -n "$target_time" ]]; then
      echo "recovery_target_time = $(quoted "$target_time")"
      echo "recovery_target_action = 'promote'"
    fi
  } >>"$data_dir/postgresql.auto.conf"
  touch "$data_dir/recovery.signal"
  echo "Restored $backup into $data_dir; it recovers to ${target_time:-the end of the archived WAL} when started."
}

case "${1:-}" in
  base-backup) shift; base_backup "$@" ;;
  restore) shift; restore "$@" ;;
  *) usage ;;
esac
