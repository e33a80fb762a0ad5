import request from 'supertest';
import type { RunReport, RunUploadAnswer, SnReport } from '@sweepline/domain';
import { formatDateTime, LIMITS_NOT_DRAWN, ORIGIN_MSG, Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { API, editorApi, ok } from '../editor/testing/editor-api';
import type { Line } from '../runner/testing/runner-fixtures';
import { addSerialNumbers, productWithTests, runOf } from '../runner/testing/runner-fixtures';
import { originSetId } from '../runner/testing/origin-fixtures';
import { readPdf } from './testing/pdf-text';
import { sampleSteps, sampleTrace, screenshotPng } from './testing/sample-report';

const SNP = Buffer.from('! Touchstone\n# MHz S DB R 50\n800 -0.5 0 -30 0 -30 0 -0.5 0\n');

describeEachDatabase('the PDF report (docs/requirements/pdf.md#call, "GET report PDF")', (t) => {
  let manager: Member;
  let operator: Member;
  let stranger: Member;
  let line: Line;
  let failed: RunReport;
  let passed: RunReport;
  const steps = sampleSteps(50);
  const judged = steps.findIndex((s) => !s.isHeader);

  const api = (member: Member = operator) => editorApi(t, member);
  const query = (run: RunReport, sn: string, over: Record<string, string> = {}) =>
    new URLSearchParams({
      seq_id: String(run.seqId),
      sn,
      sn_stage_history_id: String(run.snStageHistoryId),
      run_no: String(run.runNo),
      zone_offset: '5.5',
      ...over,
    }).toString();
  /** GET /report/pdf, the body kept as bytes whatever its type. */
  const pdf = (search: string, member?: Member) => {
    const req = request(t().http()).get(`${API}/report/pdf?${search}`);
    return (member ? req.set('x-auth-token', member.token) : req).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  };
  const attach = (runId: number, stepIndex: number, kind: string, file: Buffer, name: string) =>
    ok(
      request(t().http())
        .post(`${API}/runner/runs/${runId}/attachments`)
        .set('x-auth-token', operator.token)
        .field('step_index', String(stepIndex))
        .field('kind', kind)
        .attach('file', file, name),
    );
  const latest = async (sn: string) => (await ok<SnReport>(api().get(`/report/sn?sn=${sn}`))).reports[0]!;

  beforeAll(async () => {
    manager = await createManager(t());
    operator = await createMember(t(), manager.accountId, Role.Operator, 'Olive Operator');
    stranger = await createManager(t());
    line = await productWithTests(api(manager), 'Filter', [1]);
    await t().dataSource.query(`UPDATE product SET model = 'F200-B' WHERE id = $1`, [line.product.id]);
    await addSerialNumbers(api(), line.product.id, ['A-1', 'A-2']);
    const test = line.tests[0]!;
    const trace = sampleTrace(judged);
    const run = runOf(test, 'A-1', {
      result: 0,
      steps,
      traces: [{ step_index: judged, freqs_MHz: trace.freqs_MHz, values: trace.values, report: true }],
    });
    const { run_id } = await ok<RunUploadAnswer>(api().post('/runner/runs', run));
    await attach(run_id, judged, 'screenshot', screenshotPng(), 'IL.png');
    await attach(run_id, judged + 1, 'screenshot', screenshotPng(640, 400), 'Gain.png');
    await attach(run_id, judged, 'snp', SNP, 'dut.s2p');
    failed = await latest('A-1');
    await ok(api().post('/runner/runs', runOf(test, 'A-1')));
    passed = await latest('A-1');
  });

  it('answers the PDF of the run: header, every step, marks, trace and screenshots, page count', async () => {
    const res = await pdf(query(failed, 'A-1'), operator);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="A-1 Filter T1.pdf"; filename*=UTF-8''A-1%20Filter%20T1.pdf`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await readPdf(res.body);
    expect(doc.pageCount).toBe(3);
    const all = doc.texts.flat();
    const start = formatDateTime(Date.parse(failed.startTime), 5.5);
    for (const text of [
      'Failed',
      'Filter',
      'F200-B',
      'A-1',
      'Filter T1',
      '1-1',
      'Olive Operator',
      `${start} UTC+05:30`,
    ]) {
      expect(doc.texts[0]).toContain(text);
    }
    for (const step of steps.filter((s) => !s.title.includes('thermal'))) expect(all).toContain(step.title);
    expect(all.filter((text) => text === 'Fail')).toHaveLength(
      steps.filter((s) => !s.isHeader && !s.result).length,
    );
    expect(all).toEqual(
      expect.arrayContaining(['Pass', LIMITS_NOT_DRAWN, 'Frequency (MHz)', 'IL.png', 'Gain.png']),
    );
    expect(all).not.toContain('dut.s2p');
    expect(doc.images).toHaveLength(2);
    expect(doc.contents.join().match(/ l\n/g)!.length).toBeGreaterThan(500);
    expect(doc.texts.map((page) => page.find((text) => text.startsWith('Page ')))).toEqual([
      'Page 1 of 3',
      'Page 2 of 3',
      'Page 3 of 3',
    ]);
  });

  it('prints the release the stored run was made with, marked when the test has a newer one (issue 39)', async () => {
    const releaseOf = (no: number, note: string, at: string) =>
      t().dataSource.query(
        `INSERT INTO seq_release (account_id, seq_id, no, seq_version, content, kind, state, note, created_by_name, created_at)
         VALUES ($1, $2, $3, 1, '{"steps": [], "cals": []}', 'explicit', 'released', $4, 'Mia', $5)
         ON CONFLICT (seq_id, no, account_id) DO UPDATE SET note = $4, created_at = $5, state = 'released'`,
        [manager.accountId, passed.seqId, no, note, at],
      );
    await releaseOf(2, 'Wider pass band', '2026-11-20T09:00:00Z');
    await t().dataSource.query('UPDATE run SET release_no = 2 WHERE id = $1', [passed.runId]);
    const header = async () => (await readPdf((await pdf(query(passed, 'A-1'), operator)).body)).texts[0]!;
    expect(await header()).toContain('Release 2 · 2026-11-20 · Wider pass band');
    await releaseOf(3, 'Tighter limits', '2026-11-28T09:00:00Z');
    expect(await header()).toEqual(
      expect.arrayContaining([
        'Release 2 · 2026-11-20 · Wider pass band',
        "Release 2 — the test's newest release is 3",
      ]),
    );
    // a run made before releases keeps its test version
    expect((await readPdf((await pdf(query(failed, 'A-1'), operator)).body)).texts[0]).toContain(
      `Test version ${failed.seqVersion} · before releases`,
    );
  });

  it('prints a passed run without files on one page, in the zone asked for', async () => {
    const res = await pdf(query(passed, ' A-1 ', { zone_offset: '-3.5' }), operator);
    expect(res.status).toBe(200);
    const doc = await readPdf(res.body);
    expect(doc.pageCount).toBe(1);
    expect(doc.texts[0]).toEqual(
      expect.arrayContaining(['Passed', `${formatDateTime(Date.parse(passed.startTime), -3.5)} UTC-03:30`]),
    );
    expect(doc.images).toEqual([]);
  });

  it('prints names the standard fonts cannot encode, and names the file in UTF-8', async () => {
    const other = await productWithTests(api(manager), 'Фильтр', [1]);
    await addSerialNumbers(api(), other.product.id, ['B-1']);
    await ok(api().post('/runner/runs', runOf(other.tests[0]!, 'B-1')));
    const run = await latest('B-1');
    const res = await pdf(query(run, 'B-1'), operator);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="B-1 ______ T1.pdf"; filename*=UTF-8''B-1%20${encodeURIComponent('Фильтр')}%20T1.pdf`,
    );
    expect((await readPdf(res.body)).texts[0]).toEqual(expect.arrayContaining(['??????', '?????? T1']));
  });

  it('refuses a missing or malformed query, naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ seq_id: 'x' }, 'seq_id: Invalid id'],
      [{ seq_id: '0' }, 'seq_id: Invalid id'],
      [{ seq_id: '2147483648' }, 'seq_id: Invalid id'],
      [{ sn: '   ' }, 'sn: Enter serial number'],
      [{ sn_stage_history_id: '-1' }, 'sn_stage_history_id: Invalid id'],
      [{ run_no: '1.5' }, 'run_no: Invalid run number'],
      [{ zone_offset: '5.3' }, 'zone_offset: Hours from UTC, from -12 to 14 in quarter hours, like 5.5'],
      [{ zone_offset: '15' }, 'zone_offset: Hours from UTC, from -12 to 14 in quarter hours, like 5.5'],
      [{ extra: '1' }, 'extra: property extra should not exist'],
    ];
    for (const [over, msg] of cases) {
      const res = await pdf(query(failed, 'A-1', over), operator);
      expect([res.status, JSON.parse(res.body.toString()).msg]).toEqual([400, msg]);
    }
    const fields = ['seq_id', 'sn', 'sn_stage_history_id', 'run_no', 'zone_offset'];
    for (const field of fields) {
      const search = new URLSearchParams(query(failed, 'A-1'));
      search.delete(field);
      const res = await pdf(search.toString(), operator);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body.toString()).msg).toMatch(new RegExp(`^${field}: `));
    }
  });

  describe('instruments and calibrations (issue 40)', () => {
    /**
     * What an upload with origin data stores (docs/api/instruments.md), written directly: the
     * run's station and runner, its network analyzer due soon at the run (or overdue), and an ECal calibration
     * made two hours before it that measured its step results 1 and 2.
     */
    const recordOrigin = async (run: RunReport, overdue: boolean) => {
      const q = (sql: string, params: unknown[]) => t().dataSource.query(sql, params);
      const [instrument] = await q(
        `INSERT INTO instrument (account_id, role, vendor, model, serial, firmware)
         VALUES ($1, 'network_analyzer', 'Keysight Technologies', 'E5071C', $2, 'B.14.10') RETURNING id`,
        [manager.accountId, `MY-${run.runId}`],
      );
      const [calibration] = await q(
        `INSERT INTO calibration_record (account_id, client_key, instrument_id, kind, ecal_serial, ports,
                                         start_mhz, stop_mhz, made_at, made_by)
         VALUES ($1, $2, $3, 'ecal', 'N4431B-77', '1-2', 500, 700, $4::timestamptz - interval '2 hours', 'Olive Operator')
         RETURNING id`,
        [manager.accountId, `cal-${run.runId}`, instrument.id, run.startTime],
      );
      // the state at the run follows from the due date and the run's start (2025-11-20 on): due soon, or overdue
      const setId = await originSetId(t(), manager.accountId!, {
        instruments: [
          {
            id: instrument.id,
            role: 'network_analyzer',
            state: 'due',
            dueOn: overdue ? '2025-11-10' : '2025-12-10',
          },
        ],
        calibrations: [{ id: calibration.id, stepIndices: [0, 1] }],
      });
      await q(
        `UPDATE run SET station = 'LAB-PC-07', runner_version = '0.9.0', measured_overdue = $2, origin_set_id = $3
          WHERE id = $1`,
        [run.runId, overdue, setId],
      );
    };
    const textsOf = async (run: RunReport, sn: string) =>
      (await readPdf((await pdf(query(run, sn), operator)).body)).texts.flat();

    it('prints what measured a run: station, runner, instrument with its state then, calibration and its steps', async () => {
      await addSerialNumbers(api(), line.product.id, ['O-1']);
      await ok(api().post('/runner/runs', runOf(line.tests[0]!, 'O-1')));
      const run = await latest('O-1');
      await recordOrigin(run, false);
      const texts = await textsOf(run, 'O-1');
      const madeAt = formatDateTime(Date.parse(run.startTime) - 2 * 3_600_000, 5.5);
      for (const text of [
        'Instruments and calibrations',
        'LAB-PC-07',
        '0.9.0',
        'Network analyzer',
        'Keysight Technologies E5071C',
        `MY-${run.runId}`,
        'B.14.10',
        'Due soon',
        '2025-12-10',
        'ECal N4431B-77',
        '1-2',
        '500-700',
        madeAt,
        '2 h 00 min',
        '1-2',
      ]) {
        expect(texts).toContain(text);
      }
      expect(texts).not.toContain(ORIGIN_MSG.measuredOverdue);
      expect(texts).not.toContain('Instruments and calibrations: not recorded');
    });

    it('prints "not recorded" for a run that names nothing', async () => {
      const texts = await textsOf(passed, 'A-1');
      expect(texts).toContain('Instruments and calibrations: not recorded');
      expect(texts).not.toContain('LAB-PC-07');
    });

    it('says a run measured with an overdue instrument was, under the account setting', async () => {
      await addSerialNumbers(api(), line.product.id, ['O-2']);
      await ok(api().post('/runner/runs', runOf(line.tests[0]!, 'O-2')));
      const run = await latest('O-2');
      await recordOrigin(run, true);
      const doc = await readPdf((await pdf(query(run, 'O-2'), operator)).body);
      expect(doc.texts[0]).toEqual(expect.arrayContaining([ORIGIN_MSG.measuredOverdue, 'Overdue']));
    });
  });

  it("answers 404 for a run that is not there or not the account's, 401 without a session", async () => {
    const notFound = [
      query(failed, 'A-1', { run_no: '9' }),
      query(failed, 'A-2'),
      query(failed, 'a-1'),
      query(failed, 'A-1', { seq_id: String(failed.seqId + 1000) }),
      query(failed, 'A-1', { sn_stage_history_id: String(failed.snStageHistoryId + 1000) }),
    ];
    for (const search of notFound) {
      const res = await pdf(search, operator);
      expect([res.status, JSON.parse(res.body.toString())]).toEqual([
        404,
        { status: 0, msg: 'Run not found', data: null },
      ]);
    }
    const theirs = await pdf(query(failed, 'A-1'), stranger);
    expect([theirs.status, JSON.parse(theirs.body.toString()).msg]).toEqual([404, 'Run not found']);
    expect((await pdf(query(failed, 'A-1'))).status).toBe(401);
    const admin = await createMember(t(), null, Role.Admin);
    expect((await pdf(query(failed, 'A-1'), admin)).status).toBe(403);
    expect((await pdf(query(failed, 'A-1'), manager)).status).toBe(200);
  });
});
