import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import request from 'supertest';
import {
  ORIGIN_MSG,
  Role,
  STATION_LIMITS,
  Verdict,
  type StationBoard,
  type StationView,
} from '@sweepline/domain';
import { openEventStream } from '@sweepline/testing';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { addProduct, addSeq, API, editorApi } from '../editor/testing/editor-api';
import { StationCleanup } from './station-cleanup';

describeEachDatabase('stations (POST /runner/station, GET /stations, the event stream)', (t) => {
  let manager: Member;
  let operator: Member;
  let stranger: Member;
  let productId: number;
  let seqId: number;
  let base: string;

  const report = (member: Member, body: unknown) =>
    request(t().http())
      .post(`${API}/runner/station`)
      .set('x-auth-token', member.token)
      .send(body as object);
  const board = async (member: Member) =>
    (await request(t().http()).get(`${API}/stations`).set('x-auth-token', member.token)).body
      .data as StationBoard;
  const ticket = async (member: Member) => {
    const res = await request(t().http())
      .post(`${API}/stations/stream-ticket`)
      .set('x-auth-token', member.token);
    expect(res.status).toBe(201);
    return (res.body as { data: { url: string } }).data.url;
  };
  const stationRows = () => t().dataSource.query('SELECT * FROM station ORDER BY account_id, name');
  const testing = (station: string, step: number) => ({
    station,
    state: 'testing',
    productId,
    seqId,
    sn: 'SN-1',
    step,
    steps: 5,
    operator: 'Olga',
    zoneOffset: 2,
  });

  beforeAll(async () => {
    manager = await createManager(t(), 'Floor RF');
    operator = await createMember(t(), manager.accountId, Role.Operator, 'Olga');
    stranger = await createManager(t(), 'Other RF');
    const product = await addProduct(editorApi(t, manager), 'Diplexer');
    productId = product.id;
    seqId = (await addSeq(editorApi(t, manager), productId, 'Final')).id;
    await t().app.listen(0);
    base = `http://127.0.0.1:${(t().app.getHttpServer().address() as AddressInfo).port}`;
  });

  it("keeps a report as the station's state, visible to its own account only", async () => {
    const res = await report(operator, testing('LAB-1', 2));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: 1, msg: '', data: null });
    const mine = await board(manager);
    expect(mine.stations).toEqual([
      expect.objectContaining({
        station: 'LAB-1',
        state: 'testing',
        productName: 'Diplexer',
        testName: 'Final',
        sn: 'SN-1',
        step: 2,
        steps: 5,
        operator: 'Olga',
        lastVerdict: null,
        today: { units: 0, passes: 0, fails: 0, firstPassYield: null },
      }),
    ]);
    expect(Math.abs(Date.parse(mine.serverTime) - Date.parse(mine.stations[0]!.lastSeen))).toBeLessThan(
      5_000,
    );
    expect((await board(stranger)).stations).toEqual([]);
    // the same station name in another account is another station
    expect((await report(stranger, { station: 'LAB-1', state: 'idle', zoneOffset: 0 })).status).toBe(201);
    expect((await board(manager)).stations.map((s) => s.state)).toEqual(['testing']);
  });

  it('refuses a bad report with a message and changes nothing', async () => {
    const before = await stationRows();
    const otherProduct = await addProduct(editorApi(t, stranger), 'Not yours');
    const cases: [unknown, string][] = [
      [{ ...testing('LAB-1', 3), productId: otherProduct.id }, 'productId: Unknown product'],
      [{ ...testing('LAB-1', 3), seqId: seqId + 1000 }, 'seqId: Unknown test of this product'],
      [testing('LAB-1', 6), "step: Step 6 is beyond the test's 5 steps"],
      [
        testing('L'.repeat(STATION_LIMITS.nameLength + 1), 1),
        'station: A station name is 1 to 64 characters, without control characters',
      ],
      [
        { ...testing('LAB-1', 1), state: 'asleep' },
        'state: A state is one of idle, calibrating, testing, waiting, error, result',
      ],
      [{ ...testing('LAB-1', 1), verdict: 'PASS' }, 'verdict: Unknown field'],
      [[1, 2], 'The body is not a station report: an object with station, state, zoneOffset, …'],
    ];
    for (const [body, msg] of cases) {
      const res = await report(operator, body);
      expect([res.status, res.body]).toEqual([400, { status: 0, msg, data: null }]);
    }
    expect(await stationRows()).toEqual(before);
    const signedOut = await request(t().http()).post(`${API}/runner/station`).send(testing('LAB-1', 1));
    expect(signedOut.status).toBe(401);
  });

  it('streams the board, then each change of the account, to whoever opens a ticket once', async () => {
    const url = await ticket(operator);
    expect(url).toMatch(/^\/webcyc\/api\/stations\/stream\?ticket=[A-Za-z0-9_-]{43}$/);
    const stream = await openEventStream(`${base}${url}`);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
      // behind the same security headers as every reply
      expect(stream.headers['content-security-policy']).toContain("default-src 'self'");
      expect(stream.headers['x-content-type-options']).toBe('nosniff');
      expect(stream.headers['content-encoding']).toBeUndefined();
      const first = await stream.next((e) => e.event === 'board');
      expect((JSON.parse(first.data) as StationBoard).stations.map((s) => s.station)).toEqual(['LAB-1']);

      const strangerStream = await openEventStream(`${base}${await ticket(stranger)}`);
      await strangerStream.next((e) => e.event === 'board');
      const sent = Date.now();
      await report(operator, testing('LAB-1', 4));
      const change = await stream.next((e) => e.event === 'station');
      expect(change.at - sent).toBeLessThan(2_000);
      expect(JSON.parse(change.data) as StationView).toMatchObject({ station: 'LAB-1', step: 4 });
      await report(stranger, { station: 'LAB-9', state: 'idle', zoneOffset: 0 });
      await strangerStream.next((e) => e.event === 'station' && e.data.includes('LAB-9'));
      expect(stream.events.map((e) => e.event)).toEqual(['board', 'station']);
      strangerStream.close();
    } finally {
      stream.close();
    }
    // single use, and never a session token in the address
    const again = await request(t().http()).get(url);
    expect([again.status, again.body.msg]).toEqual([400, 'This link is invalid or has expired']);
    const forged = await request(t().http()).get(`${API}/stations/stream?ticket=${operator.token}`);
    expect(forged.status).toBe(400);
  });

  it('keeps two tickets of one member valid together (two tabs)', async () => {
    const [one, two] = [await ticket(operator), await ticket(operator)];
    for (const url of [one, two]) {
      const stream = await openEventStream(`${base}${url}`);
      expect(stream.status).toBe(200);
      stream.close();
    }
  });

  it("times a state from its start, and counts the station's units, passes and first-pass yield", async () => {
    const at = (minute: number) => `2026-11-26T10:0${minute}:00.000Z`;
    await report(operator, testing('LAB-2', 1));
    const started = (await board(manager)).stations.find((s) => s.station === 'LAB-2')!.stateSince;
    await report(operator, testing('LAB-2', 2));
    expect((await board(manager)).stations.find((s) => s.station === 'LAB-2')!.stateSince).toBe(started);
    const verdicts: [string, number][] = [
      ['U-1', 0],
      ['U-1', 1],
      ['U-2', 1],
      ['U-3', 0],
    ];
    for (const [i, [sn, result]] of verdicts.entries()) {
      const shown = { ...testing('LAB-2', 5), state: 'result', sn, lastVerdict: { sn, result, at: at(i) } };
      await report(operator, shown);
      await report(operator, shown); // a heartbeat repeats it: no second count
    }
    const lab2 = (await board(manager)).stations.find((s) => s.station === 'LAB-2')!;
    expect(lab2.lastVerdict).toEqual({ sn: 'U-3', result: 0, at: at(3) });
    // counted on the verdicts' day at the station: only "today" when that is today there
    const today = new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 10);
    const expected =
      today === '2026-11-26'
        ? { units: 3, passes: 2, fails: 1, firstPassYield: 1 / 3 }
        : { units: 0, passes: 0, fails: 0, firstPassYield: null };
    expect(lab2.today).toEqual(expected);
    const [counts] = (await t().dataSource.query(
      `SELECT units, passes, first_passes FROM station WHERE name = 'LAB-2'`,
    )) as { units: number; passes: number; first_passes: number }[];
    expect(counts).toEqual({ units: 3, passes: 2, first_passes: 1 });
  });

  it('shows the signed-in member as the operator, not the name the runner claims (issue 38)', async () => {
    const olive = await createMember(t(), manager.accountId, Role.Operator, 'Olive Operator');
    await report(olive, { ...testing('LAB-4', 1), operator: 'root' });
    const shown = async () => (await board(manager)).stations.find((s) => s.station === 'LAB-4')!.operator;
    expect(await shown()).toBe('Olive Operator');
    await report(olive, { station: 'LAB-4', state: 'idle', zoneOffset: 2 });
    expect(await shown()).toBe('Olive Operator');
    // an API token is the PC's: the operator the runner names (SWEEPLINE_OPERATOR), else the token
    const made = await request(t().http())
      .post(`${API}/user/api_tokens`)
      .set('x-auth-token', manager.token)
      .send({ name: 'Line 4 PC', role: Role.Operator });
    const token = (made.body as { data: { token: string } }).data.token;
    const byToken = (body: object) =>
      request(t().http()).post(`${API}/runner/station`).set('authorization', `Bearer ${token}`).send(body);
    expect((await byToken({ station: 'LAB-4', state: 'idle', zoneOffset: 2, operator: 'Olga' })).status).toBe(
      201,
    );
    expect(await shown()).toBe('Olga');
    await byToken({ station: 'LAB-4', state: 'idle', zoneOffset: 2 });
    expect(await shown()).toBe('token Line 4 PC');
  });

  it("counts a unit uploaded late from the runner's queue by its own time, once (issue 38)", async () => {
    // the station's today, at its zone: units measured up to a minute ago
    const zoneOffset = 0;
    const ago = (tens: number) => new Date(Date.now() - tens * 10_000).toISOString();
    if (new Date(ago(6)).toISOString().slice(0, 10) !== new Date().toISOString().slice(0, 10)) return; // just after midnight UTC
    const counts = async () => (await board(manager)).stations.find((s) => s.station === 'LAB-5')!.today;
    const idle = { station: 'LAB-5', state: 'idle', zoneOffset };
    // Q-1 passed live; Q-2 failed while the service was away, and was tested again and passed
    await report(operator, { ...idle, state: 'result', lastVerdict: { sn: 'Q-1', result: 1, at: ago(3) } });
    await report(operator, { ...idle, state: 'result', lastVerdict: { sn: 'Q-2', result: 1, at: ago(1) } });
    expect(await counts()).toEqual({ units: 2, passes: 2, fails: 0, firstPassYield: 1 });
    // its failed run is uploaded from the queue now: one unit still, first verdict a fail, latest a pass
    const late = { sn: 'Q-2', result: 0, at: ago(6) };
    await report(operator, { ...idle, queuedVerdicts: [late] });
    expect(await counts()).toEqual({ units: 2, passes: 2, fails: 0, firstPassYield: 0.5 });
    // a unit only the queue knows counts; the same verdicts sent again count nothing more
    const unseen = { sn: 'Q-3', result: 0, at: ago(5) };
    await report(operator, { ...idle, queuedVerdicts: [late, unseen] });
    await report(operator, { ...idle, queuedVerdicts: [late, unseen] });
    expect(await counts()).toEqual({ units: 3, passes: 2, fails: 1, firstPassYield: 1 / 3 });
    // a queued unit of an earlier day is kept on its day and leaves today's counts alone
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await report(operator, { ...idle, queuedVerdicts: [{ sn: 'Q-4', result: 1, at: yesterday }] });
    expect(await counts()).toEqual({ units: 3, passes: 2, fails: 1, firstPassYield: 1 / 3 });
  });

  it("warns on a station's card of the instruments it used last that are due soon or overdue (issue 40)", async () => {
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    /** An instrument last used at `station`, with certificates [calibrated, due] in days from today. */
    const instrument = async (
      owner: Member,
      serial: string,
      station: string,
      certificates: [number, number][],
    ) => {
      const [{ id }] = await t().dataSource.query(
        `INSERT INTO instrument (account_id, role, vendor, model, serial, last_station, last_used_at)
         VALUES ($1, 'network_analyzer', 'Keysight Technologies', 'E5071C', $2, $3, now()) RETURNING id`,
        [owner.accountId, serial, station],
      );
      for (const [calibrated, due] of certificates)
        await t().dataSource.query(
          `INSERT INTO instrument_certificate (account_id, instrument_id, number, laboratory, calibrated_on, due_on,
                                               file_name, pdf, recorded_by_name)
           VALUES ($1, $2, 'C-1', 'Lab', $3, $4, 'c.pdf', '\\x255044462d'::bytea, 'Mia')`,
          [owner.accountId, id, day(calibrated), day(due)],
        );
    };
    for (const name of ['BENCH-A', 'BENCH-B'])
      expect((await report(operator, { station: name, state: 'idle', zoneOffset: 0 })).status).toBe(201);
    expect((await report(stranger, { station: 'BENCH-A', state: 'idle', zoneOffset: 0 })).status).toBe(201);
    // due in 10 days by its newest certificate (the one before it is long past due)
    await instrument(manager, 'DUE-1', 'BENCH-A', [
      [-400, -35],
      [-355, 10],
    ]);
    await instrument(manager, 'LATE-1', 'BENCH-A', [[-370, -5]]);
    // a certificate dated tomorrow does not cover today
    await instrument(manager, 'LATE-2', 'BENCH-A', [
      [-370, -1],
      [1, 366],
    ]);
    await instrument(manager, 'VALID-1', 'BENCH-B', [[-10, 355]]);
    await instrument(manager, 'NONE-1', 'BENCH-B', []);
    await instrument(manager, 'AWAY-1', 'NOT-ON-THE-BOARD', [[-370, -5]]);
    await instrument(stranger, 'THEIRS-1', 'BENCH-A', [[-370, -3]]);
    const name = (serial: string) => `Keysight Technologies E5071C, serial number ${serial}`;
    const mine = (await board(manager)).stations;
    expect(mine.find((s) => s.station === 'BENCH-A')!.instrumentWarnings).toEqual([
      `${name('LATE-1')} is overdue for calibration since ${day(-5)}.`,
      `${name('LATE-2')} is overdue for calibration since ${day(-1)}.`,
      ORIGIN_MSG.dueSoon(name('DUE-1'), day(10), 10),
    ]);
    for (const station of mine.filter((s) => s.station !== 'BENCH-A'))
      expect(station).not.toHaveProperty('instrumentWarnings');
    expect((await board(stranger)).stations.find((s) => s.station === 'BENCH-A')!.instrumentWarnings).toEqual(
      [`${name('THEIRS-1')} is overdue for calibration since ${day(-3)}.`],
    );
    // the stream starts with the same board
    const stream = await openEventStream(`${base}${await ticket(manager)}`);
    try {
      const first = JSON.parse((await stream.next((e) => e.event === 'board')).data) as StationBoard;
      expect(first.stations.find((s) => s.station === 'BENCH-A')!.instrumentWarnings).toHaveLength(3);
    } finally {
      stream.close();
    }
  });

  it('drops a station silent for 30 days, and tells the open boards', async () => {
    await report(operator, { station: 'OLD-PC', state: 'idle', zoneOffset: 0 });
    const stream = await openEventStream(`${base}${await ticket(manager)}`);
    try {
      await stream.next((e) => e.event === 'board');
      await t().dataSource.query(
        `UPDATE station SET last_seen = now() - interval '31 days' WHERE name = 'OLD-PC'`,
      );
      expect(await t().app.get(StationCleanup).run()).toBe(1);
      const removed = await stream.next((e) => e.event === 'removed');
      expect(JSON.parse(removed.data)).toEqual({ station: 'OLD-PC' });
      expect((await board(manager)).stations.map((s) => s.station)).not.toContain('OLD-PC');
    } finally {
      stream.close();
    }
  });

  it("commits reports without waiting for the disk, and leaves every pooled connection's own setting", async () => {
    // a verdict's report runs in a transaction of its own, a step's report in one statement
    const verdict = { sn: 'SN-1', result: Verdict.Passed, at: new Date().toISOString() };
    for (let step = 1; step <= 5; step++)
      expect((await report(operator, testing('LAB-2', step))).status).toBe(201);
    expect((await report(operator, { ...testing('LAB-2', 5), lastVerdict: verdict })).status).toBe(201);
    // synchronous_commit off is the report's transaction's alone: a connection keeping it would
    // commit everything it serves later (run uploads) without waiting for the disk
    const pool = (t().dataSource.driver as unknown as { master: Pool }).master;
    const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
    try {
      const settings = await Promise.all(
        clients.map((c) => c.query<{ s: string }>('SELECT current_setting($1) AS s', ['synchronous_commit'])),
      );
      expect(settings.map((r) => r.rows[0]!.s)).toEqual(clients.map(() => 'on'));
    } finally {
      for (const client of clients) client.release();
    }
  });
});
