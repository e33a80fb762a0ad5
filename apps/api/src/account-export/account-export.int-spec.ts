import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { RunUploadAnswer } from '@sweepline/domain';
import { Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { addProduct, API, editorApi, ok } from '../editor/testing/editor-api';
import type { Line } from '../runner/testing/runner-fixtures';
import { addSerialNumbers, FAIL_STEPS, productWithTests, runOf } from '../runner/testing/runner-fixtures';
import { addCertificate, ANALYZER, instrumentId, wholeCalibration } from '../runner/testing/origin-fixtures';
import { StepValueFolder } from '../reports/step-value-folder';
import { getBytes, parseJson, unpack } from './testing/export-archive';

const SHOT = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(600, 3),
]);

describeEachDatabase('the account export (GET /user/export)', (t) => {
  let manager: Member;
  let operator: Member;
  let line: Line;
  let runId: number;

  const downloadAll = (member?: Member) => {
    const req = request(t().http()).get(`${API}/user/export`);
    return getBytes(member ? req.set('x-auth-token', member.token) : req);
  };

  beforeAll(async () => {
    manager = await createManager(t(), 'Exported RF');
    operator = await createMember(t(), manager.accountId, Role.Operator, 'Otto');
    const stranger = await createManager(t(), 'Someone Else');
    await addProduct(editorApi(t, stranger), 'Secret product');
    line = await productWithTests(editorApi(t, manager), 'Duplexer', [1]);
    await addSerialNumbers(editorApi(t, operator), line.product.id, ['D-1', 'D-2']);
    const run = runOf(line.tests[0]!, 'D-1', {
      result: 0,
      steps: FAIL_STEPS,
      station: 'LAB-PC-1',
      runner_version: '0.9.0',
      instruments: [ANALYZER],
      calibrations: [wholeCalibration('cal-1', [1, 2])],
    });
    runId = (await ok<RunUploadAnswer>(editorApi(t, operator).post('/runner/runs', run))).run_id;
    const shot = await request(t().http())
      .post(`${API}/runner/runs/${runId}/attachments`)
      .set('x-auth-token', operator.token)
      .field('step_index', '1')
      .field('kind', 'screenshot')
      .attach('file', SHOT, 'analyzer screen.png');
    expect(shot.status).toBe(201);
  });

  it("gives the manager every collection of the account, and nothing of another's", async () => {
    const res = await downloadAll(manager);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-tar');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="sweepline-export-\d{4}-\d\d-\d\d\.tar"$/,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const files = await unpack(res.body as Buffer);
    expect([...files.keys()].at(-1)).toBe('summary.json');
    expect(parseJson(files.get('account.json'))).toEqual({
      format: 'sweepline-account-export',
      version: 1,
      account: {
        id: manager.accountId,
        name: 'Exported RF',
        createdAt: expect.any(String),
        exportedAt: expect.any(String),
      },
    });
    expect(parseJson(files.get('summary.json'))).toEqual({
      format: 'sweepline-account-export',
      version: 1,
      counts: {
        users: 2,
        products: 1,
        tests: 1,
        // whatever the releases' rules made of the test so far (the next case counts its own)
        'test-releases': expect.any(Number),
        'serial-numbers': 2,
        runs: 1,
        traces: 0,
        instruments: 1,
        calibrations: 1,
        'run-instruments': 1,
        'run-calibrations': 1,
        attachments: 1,
      },
    });
    const products = parseJson<{ name: string }[]>(files.get('products/00001.json'));
    expect(products.map((p) => p.name)).toEqual(['Duplexer']);
    const users = parseJson<{ name: string; role: number }[]>(files.get('users/00001.json'));
    expect(users.map((u) => [u.name, u.role])).toEqual([
      [manager.name, Role.Manager],
      ['Otto', Role.Operator],
    ]);
    expect(JSON.stringify(users)).not.toMatch(/password|hash/i);
    const [test] = parseJson<{ id: number; steps: unknown[] }[]>(files.get('tests/00001.json'));
    expect(test!.id).toBe(line.tests[0]!.id);
    expect(test!.steps.length).toBeGreaterThan(0);
    const sns = parseJson<{ sn: string; stages: { stageNo: number; reason: string }[] }[]>(
      files.get('serial-numbers/00001.json'),
    );
    expect(sns.map((s) => [s.sn, s.stages.map((h) => [h.stageNo, h.reason])])).toEqual([
      ['D-1', [[1, 'add']]],
      ['D-2', [[1, 'add']]],
    ]);
    const [stored] = (await t().dataSource.query('SELECT steps FROM run WHERE id = $1', [runId])) as {
      steps: unknown;
    }[];
    expect(parseJson(files.get('runs/00001.json'))).toEqual([
      expect.objectContaining({
        id: runId,
        sn: 'D-1',
        result: 0,
        runNo: 1,
        userName: 'Otto',
        steps: stored!.steps,
      }),
    ]);
    expect(parseJson(files.get('traces/00001.json'))).toEqual([]);
    const [file] = parseJson<{ id: number; fileName: string; size: number }[]>(
      files.get('attachments/00001.json'),
    );
    expect(file).toEqual(
      expect.objectContaining({ runId, fileName: 'analyzer screen.png', size: SHOT.length }),
    );
    expect(files.get(`attachments/files/${file!.id}-analyzer screen.png`)).toEqual(SHOT);
  });

  it("carries each run's release number and the tests' releases, content and all (issue 39)", async () => {
    const test = line.tests[0]!;
    await t().dataSource.query(
      `INSERT INTO seq_release (account_id, seq_id, no, seq_version, content, kind, state, note, created_by_name)
       VALUES ($1, $2, 41, 3, '{"steps": [{"id": 9, "name": "Gain"}], "cals": []}', 'explicit', 'released',
               'Exported release', 'Mia')`,
      [manager.accountId, test.id],
    );
    await t().dataSource.query('UPDATE run SET release_no = 41 WHERE id = $1', [runId]);
    const files = await unpack((await downloadAll(manager)).body as Buffer);
    const releases = parseJson<{ testId: number; no: number }[]>(files.get('test-releases/00001.json'));
    const [stored] = (await t().dataSource.query(
      'SELECT count(*)::int AS n FROM seq_release WHERE account_id = $1',
      [manager.accountId],
    )) as { n: number }[];
    expect(releases).toHaveLength(stored!.n);
    expect(releases.find((r) => r.no === 41)).toEqual({
      id: expect.any(Number),
      testId: test.id,
      no: 41,
      kind: 'explicit',
      state: 'released',
      note: 'Exported release',
      rolledBackFrom: null,
      testVersion: 3,
      createdByName: 'Mia',
      createdAt: expect.any(String),
      decidedByName: null,
      decidedAt: null,
      reason: null,
      content: { steps: [{ id: 9, name: 'Gain' }], cals: [] },
    });
    expect(
      parseJson<{ counts: Record<string, number> }>(files.get('summary.json')).counts['test-releases'],
    ).toBe(stored!.n);
    expect(parseJson(files.get('runs/00001.json'))).toEqual([
      expect.objectContaining({ id: runId, releaseNo: 41 }),
    ]);
  });

  it('holds what measured each run: instruments with their certificates (not their PDFs), calibrations (issue 40)', async () => {
    const analyzer = await instrumentId(t(), manager.accountId!, ANALYZER.serial);
    await addCertificate(t(), manager.accountId!, analyzer, '2025-01-10', '2026-01-10');
    const files = await unpack((await downloadAll(manager)).body as Buffer);
    expect(parseJson(files.get('runs/00001.json'))).toEqual([
      expect.objectContaining({
        id: runId,
        station: 'LAB-PC-1',
        runnerVersion: '0.9.0',
        measuredOverdue: false,
      }),
    ]);
    const [instrument] = parseJson<Record<string, unknown>[]>(files.get('instruments/00001.json'));
    expect(instrument).toEqual({
      id: analyzer,
      role: 'network_analyzer',
      vendor: ANALYZER.vendor,
      model: ANALYZER.model,
      serial: ANALYZER.serial,
      firmware: ANALYZER.firmware,
      resource: ANALYZER.resource,
      lastStation: 'LAB-PC-1',
      lastUsedAt: expect.any(String),
      createdAt: expect.any(String),
      certificates: [
        {
          id: expect.any(Number),
          number: 'C-2025-01-10',
          laboratory: 'Keysight Service Center',
          calibratedOn: '2025-01-10',
          dueOn: '2026-01-10',
          fileName: 'certificate.pdf',
          fileBytes: 5,
          recordedByName: 'Manager',
          recordedAt: expect.any(String),
        },
      ],
    });
    const [calibration] = parseJson<{ id: number }[]>(files.get('calibrations/00001.json'));
    expect(calibration).toEqual({
      id: expect.any(Number),
      key: 'cal-1',
      instrumentId: analyzer,
      kind: 'mechanical',
      ecalSerial: null,
      ports: '1-2',
      startMHz: 600,
      stopMHz: 2700,
      madeAt: expect.any(String),
      madeBy: 'Olive Operator',
    });
    expect(parseJson(files.get('run-instruments/00001.json'))).toEqual([
      { runId, instrumentId: analyzer, role: 'network_analyzer', stateAtRun: 'unknown', dueOn: null },
    ]);
    expect(parseJson(files.get('run-calibrations/00001.json'))).toEqual([
      { runId, calibrationId: calibration!.id, stepIndices: [1, 2] },
    ]);
  });

  it('is an archive that GNU tar reads', async () => {
    const res = await downloadAll(manager);
    const dir = mkdtempSync(join(tmpdir(), 'sweepline-export-'));
    writeFileSync(join(dir, 'export.tar'), res.body as Buffer);
    const listed = execFileSync('tar', ['-tf', join(dir, 'export.tar')], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(listed).toEqual(
      expect.arrayContaining(['sweepline-export/account.json', 'sweepline-export/runs/00001.json']),
    );
  });

  /** A download whose reader takes nothing: the request, and a way to cut its connection. */
  async function stalledDownload(member: Member): Promise<{ cut: () => void }> {
    const server = t().http() as Server;
    if (!server.listening) await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    return new Promise((done, fail) => {
      const req = get(
        { host: '127.0.0.1', port, path: `${API}/user/export`, headers: { 'x-auth-token': member.token } },
        (res) => {
          res.pause();
          done({ cut: () => req.destroy() });
        },
      );
      req.on('error', (error) => (req.destroyed ? undefined : fail(error)));
    });
  }

  /** Other connections to the database in a transaction, and those of them waiting to send COPY rows. */
  async function exporting(): Promise<{ inTransaction: number; waitingToSend: number }> {
    const [row] = (await t().dataSource.query(
      `SELECT count(*)::int AS "inTransaction",
              count(*) FILTER (WHERE wait_event = 'ClientWrite' AND query LIKE 'COPY (%')::int AS "waitingToSend"
         FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL`,
    )) as { inTransaction: number; waitingToSend: number }[];
    return row!;
  }

  async function until(what: string, done: () => Promise<boolean>): Promise<void> {
    for (let waited = 0; !(await done()); waited += 50) {
      if (waited > 10_000) throw new Error(`Still not so after 10 s: ${what}`);
      await new Promise((resume) => setTimeout(resume, 50));
    }
  }

  // last: it adds runs to the account
  it('keeps PostgreSQL waiting while the reader waits, and lets it go when the download is cancelled', async () => {
    // the background folder's folds of these runs (12,000 queued at once) would be transactions of
    // other connections for many seconds on a busy machine, hiding whether the export's ended
    await t().app.get(StepValueFolder).onModuleDestroy();
    // about 50 MB of runs, more than the sockets and a part hold between PostgreSQL and the reader
    await t().dataSource.query(
      `INSERT INTO run (account_id, product_id, seq_id, serial_number_id, sn, sn_stage_history_id, run_no,
                        client_run_id, seq_version, start_time, end_time, result, user_name, steps, is_first)
       SELECT account_id, product_id, seq_id, serial_number_id, sn, sn_stage_history_id, run_no + i,
              client_run_id || '-' || i, seq_version, start_time, end_time, result, user_name,
              jsonb_build_array(repeat('x', 4000)), false
         FROM run, generate_series(1, 12000) AS i WHERE id = $1`,
      [runId],
    );
    const download = await stalledDownload(manager);
    await until('the COPY waits for the reader', async () => (await exporting()).waitingToSend === 1);
    download.cut();
    await until('the export let its connection go', async () => (await exporting()).inTransaction === 0);
    const res = await downloadAll(manager);
    expect(res.status).toBe(200);
    const files = await unpack(res.body as Buffer);
    expect(parseJson<{ counts: { runs: number } }>(files.get('summary.json')).counts.runs).toBe(12_001);
  }, 60_000);

  it.each([
    ['an operator', () => operator, 403, 'Your role may not do this: it needs the account manager'],
    ['nobody signed in', () => undefined, 401, 'Please log in'],
  ])('is refused to %s, in the envelope', async (_who, member, status, msg) => {
    const res = await request(t().http())
      .get(`${API}/user/export`)
      .set(member() ? { 'x-auth-token': member()!.token } : {});
    expect([res.status, res.body]).toEqual([status, { status: 0, msg, data: null }]);
  });
});
