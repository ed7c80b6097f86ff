import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/*
 * The point-in-time recovery drill of docs/deploy.md, run with scripts/pitr.sh on a throwaway PostgreSQL cluster of
 * the machine's own binaries: WAL archived, a base backup taken, rows written, a moment noted, more rows written;
 * the backup restored to that moment into a new data directory opens with exactly the rows written before it.
 */

const SCRIPT = path.resolve('scripts/pitr.sh');

/** The newest PostgreSQL's programs installed the Debian way, if any. */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  return fs
    .readdirSync(root)
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(root, version, 'bin'))
    .find((bin) => fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_basebackup')));
}

/** Who runs the cluster: initdb refuses root, so root runs it as `postgres` (as scripts/lib/machine.mjs does). */
function clusterUser(): { name?: string; uid?: number; gid?: number } | string {
  if (process.getuid?.() !== 0) return {};
  const passwd = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (passwd.status !== 0) return 'running as root, and there is no postgres user to run initdb as';
  if (spawnSync('runuser', ['--help']).status !== 0)
    return 'running as root without runuser to run initdb as postgres';
  return { name: 'postgres', uid: Number(passwd.stdout.trim()), gid: Number(group.stdout.trim()) };
}

const bin = postgresBin();
const user = clusterUser();
const skipped = !bin
  ? 'no PostgreSQL binaries under /usr/lib/postgresql (apt-get install postgresql)'
  : typeof user === 'string'
    ? user
    : undefined;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

(skipped ? describe.skip : describe)(
  `point-in-time recovery with scripts/pitr.sh${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    const owner = typeof user === 'string' ? {} : user;
    let dir: string;
    let port: number;
    const running = new Set<string>();

    /** Runs a program as the cluster's user, in the drill's folder; what it said, or an error with it. */
    function run(command: string, args: string[], env: Record<string, string> = {}) {
      const [program, argv] = owner.name
        ? [
            'runuser',
            [
              '-u',
              owner.name,
              '--',
              'env',
              ...Object.entries(env).map(([key, value]) => `${key}=${value}`),
              command,
              ...args,
            ],
          ]
        : [command, args];
      const result = spawnSync(program, argv, {
        cwd: dir,
        encoding: 'utf8',
        env: owner.name ? process.env : { ...process.env, ...env },
      });
      if (result.status !== 0)
        throw new Error(
          `${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}${result.stdout}`,
        );
      return { stdout: result.stdout, stderr: result.stderr };
    }
    const ownedDir = (name: string) => {
      const made = path.join(dir, name);
      fs.mkdirSync(made, { mode: 0o700 });
      if (owner.uid !== undefined) fs.chownSync(made, owner.uid, owner.gid!);
      return made;
    };
    const psql = (sql: string) =>
      run(path.join(bin!, 'psql'), [
        '-h',
        dir,
        '-p',
        String(port),
        '-U',
        'postgres',
        '-d',
        'postgres',
        '-XtAqc',
        sql,
      ]).stdout.trim();
    const start = (dataDir: string) => {
      try {
        run(path.join(bin!, 'pg_ctl'), ['-D', dataDir, '-l', `${dataDir}.log`, '-w', '-t', '30', 'start']);
      } catch (error) {
        // The server's own words, which the drill's folder takes away with it.
        throw new Error(`${String(error)}\n${fs.readFileSync(`${dataDir}.log`, 'utf8').slice(-3000)}`);
      }
      running.add(dataDir);
    };
    const stop = (dataDir: string) => {
      run(path.join(bin!, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      running.delete(dataDir);
    };
    const pitr = (...args: string[]) => run('bash', [SCRIPT, ...args], { PG_BIN: bin! });

    beforeAll(async () => {
      // /tmp when the cluster runs as postgres: root's own temporary folder may be closed to that user.
      dir = fs.mkdtempSync(path.join(owner.name ? '/tmp' : os.tmpdir(), 'road-pitr-'));
      if (owner.uid !== undefined) fs.chownSync(dir, owner.uid, owner.gid!);
      port = await freePort();
    });
    afterAll(() => {
      for (const dataDir of running) {
        try {
          stop(dataDir);
        } catch {
          // Already down: nothing to stop.
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('restores a base backup to a moment noted between two writes: exactly the rows before it', async () => {
      const archive = ownedDir('archive');
      const data = path.join(dir, 'data');
      run(path.join(bin!, 'initdb'), [
        '-D',
        data,
        '-U',
        'postgres',
        '-A',
        'trust',
        '--no-locale',
        '-E',
        'UTF8',
        '--no-sync',
      ]);
      // The WAL archiving settings docs/deploy.md gives, on a socket of the drill's own and no TCP port.
      fs.appendFileSync(
        path.join(data, 'postgresql.conf'),
        [
          '',
          `port = ${port}`,
          "listen_addresses = ''",
          `unix_socket_directories = '${dir}'`,
          'wal_level = replica',
          'archive_mode = on',
          `archive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f'`,
          'fsync = off',
          '',
        ].join('\n'),
      );
      start(data);

      psql('create table drill (n int primary key); insert into drill select generate_series(1, 3)');
      const base = path.join(dir, 'base');
      const taken = pitr('base-backup', base, '-h', dir, '-p', String(port), '-U', 'postgres');
      expect(taken.stdout).toMatch(/Base backup written to/);
      // The server archives its WAL, so no warning that the backup restores to its own end only.
      expect(taken.stderr).not.toMatch(/archive_mode/);
      expect(fs.readdirSync(base).sort()).toEqual(['backup_manifest', 'base.tar.gz', 'pg_wal.tar.gz']);

      // Written after the base backup: only the archived WAL brings these back.
      psql('insert into drill select generate_series(4, 6)');
      const moment = psql(
        `select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      psql('insert into drill select generate_series(7, 9)');
      // The segment holding the last writes is archived once it is switched, as archive_timeout does in production.
      const segment = psql('select pg_walfile_name(pg_switch_wal())');
      for (let waited = 0; !fs.existsSync(path.join(archive, segment)); waited += 100) {
        if (waited > 15_000) throw new Error(`${segment} was never archived`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      stop(data);

      const restored = path.join(dir, 'restored');
      pitr('restore', base, '--target-time', moment, '--data-dir', restored, '--wal-archive', archive);
      expect(fs.existsSync(path.join(restored, 'recovery.signal'))).toBe(true);
      expect(fs.readFileSync(path.join(restored, 'postgresql.auto.conf'), 'utf8')).toContain(
        `recovery_target_time = '${moment.replace('T', ' ').replace('Z', '+00')}'`,
      );
      // A data directory in use is never written over.
      expect(() => pitr('restore', base, '--data-dir', restored, '--wal-archive', archive)).toThrow(
        /not empty/,
      );

      start(restored);
      for (let waited = 0; psql('select pg_is_in_recovery()') !== 'f'; waited += 100) {
        if (waited > 15_000) throw new Error('the restored cluster never left recovery');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(psql("select string_agg(n::text, ',' order by n) from drill")).toBe('1,2,3,4,5,6');
      // Promoted on a new timeline: the restored database takes writes again.
      psql('insert into drill values (10)');
      expect(psql('select count(*) from drill')).toBe('7');
      stop(restored);
    }, 120_000);
  },
);
