import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { Role, STATION_SPC_ALARMS, type StationBoard, type StationView } from '@sweepline/domain';
import { openEventStream } from '@sweepline/testing';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { addProduct, addSeq, API, editorApi } from '../editor/testing/editor-api';

/**
 * The station board's SPC alarms (issue 41, docs/api/stations.md "SPC alarms"): a card carries
 * the open alarms of its station's test. The alarms are written here as the upload's judge writes
 * them (spc.repository.ts), so this proves the board's read, not the judge.
 */
describeEachDatabase('stations: the open SPC alarms of the station’s test', (t) => {
  let manager: Member;
  let operator: Member;
  let stranger: Member;
  let productId: number;
  let seqId: number;
  let otherSeqId: number;
  let strangerSeqId: number;
  let strangerProductId: number;
  let base: string;

  const report = (member: Member, body: object) =>
    request(t().http()).post(`${API}/runner/station`).set('x-auth-token', member.token).send(body);
  const board = async (member: Member) =>
    (await request(t().http()).get(`${API}/stations`).set('x-auth-token', member.token)).body
      .data as StationBoard;
  const card = async (member: Member, station: string) =>
    (await board(member)).stations.find((s) => s.station === station)!;
  const testing = (station: string, seq = seqId, product = productId) => ({
    station,
    state: 'testing',
    productId: product,
    seqId: seq,
    sn: 'SN-1',
    step: 1,
    steps: 3,
    zoneOffset: 0,
  });

  /** Freezes the step (once) and opens an alarm on it with these violations (run id, rules, above), as the judge would. */
  async function openAlarm(
    accountId: number,
    product: number,
    seq: number,
    title: string,
    violations: [runId: number, rules: number[], above: boolean][],
  ): Promise<number> {
    const q = (sql: string, params: unknown[]) => t().dataSource.query(sql, params);
    await q(
      `INSERT INTO spc_limit (account_id, seq_id, title, product_id, centre, sigma_within, baseline_values,
                              baseline_from, baseline_to, zone_offset, frozen_at, frozen_by_name)
       VALUES ($1, $2, $3, $4, 1, 0.1, 20, now() - interval '2 days', now() - interval '1 day', 0, now(), 'Erin')
       ON CONFLICT DO NOTHING`,
      [accountId, seq, title, product],
    );
    const [alarm] = (await q(
      `INSERT INTO spc_alarm (account_id, product_id, seq_id, title, opened_run_id, violation_count)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [accountId, product, seq, title, violations[0]![0], violations.length],
    )) as { id: string }[];
    for (const [runId, rules, above] of violations)
      await q(
        `INSERT INTO spc_violation (account_id, alarm_id, run_id, sn, start_time, value, rules, above)
         VALUES ($1, $2, $3::bigint, 'U-' || $3::text, now(), 1.5, $4, $5)`,
        [accountId, alarm!.id, runId, rules, above],
      );
    await q(
      `INSERT INTO spc_step_state (account_id, seq_id, title, open_alarm_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (account_id, seq_id, title) DO UPDATE SET open_alarm_id = EXCLUDED.open_alarm_id`,
      [accountId, seq, title, alarm!.id],
    );
    return Number(alarm!.id);
  }

  beforeAll(async () => {
    manager = await createManager(t(), 'Alarm RF');
    operator = await createMember(t(), manager.accountId, Role.Operator, 'Olga');
    stranger = await createManager(t(), 'Other RF');
    productId = (await addProduct(editorApi(t, manager), 'Diplexer')).id;
    seqId = (await addSeq(editorApi(t, manager), productId, 'Final')).id;
    otherSeqId = (await addSeq(editorApi(t, manager), productId, 'Tune')).id;
    strangerProductId = (await addProduct(editorApi(t, stranger), 'Diplexer')).id;
    strangerSeqId = (await addSeq(editorApi(t, stranger), strangerProductId, 'Final')).id;
    await t().app.listen(0);
    base = `http://127.0.0.1:${(t().app.getHttpServer().address() as AddressInfo).port}`;
  });

  it('shows none on a card whose test has no open alarm, nor on one without a test', async () => {
    await report(operator, testing('QUIET-1'));
    await report(operator, { station: 'IDLE-1', state: 'idle', zoneOffset: 0 });
    expect((await card(manager, 'QUIET-1')).spcAlarms).toEqual([]);
    expect((await card(manager, 'IDLE-1')).spcAlarms).toEqual([]);
  });

  it("carries an open alarm on the next report's event, in the runner's words of its latest violation, and drops it once acknowledged", async () => {
    await report(operator, testing('LAB-1'));
    const stream = await openEventStream(
      `${base}${(await request(t().http()).post(`${API}/stations/stream-ticket`).set('x-auth-token', manager.token)).body.data.url}`,
    );
    try {
      await stream.next((e) => e.event === 'board');
      const alarmId = await openAlarm(manager.accountId!, productId, seqId, 'Insertion Loss Max', [
        [101, [2], true],
        [102, [1, 4], true],
      ]);
      await report(operator, { ...testing('LAB-1'), step: 2 });
      const event = JSON.parse((await stream.next((e) => e.event === 'station')).data) as StationView;
      expect(event.spcAlarms).toEqual([
        {
          alarmId,
          step: 'Insertion Loss Max',
          violationCount: 2,
          line: 'SPC alarm on Insertion Loss Max: rule 1, one point more than 3σ above the centre line; rule 4, eight points above the centre line',
          // the unit of the latest violation (run 102), not the one that opened it
          sn: 'U-102',
        },
      ]);
      // the other test's station and the other account see nothing of it
      await report(operator, testing('LAB-2', otherSeqId));
      expect((await card(manager, 'LAB-2')).spcAlarms).toEqual([]);
      await report(stranger, testing('LAB-1', strangerSeqId, strangerProductId));
      expect((await card(stranger, 'LAB-1')).spcAlarms).toEqual([]);
      expect((await card(manager, 'LAB-1')).spcAlarms).toHaveLength(1);

      const ack = await request(t().http())
        .post(`${API}/spc/alarms/${alarmId}/acknowledge`)
        .set('x-auth-token', operator.token)
        .send({ note: 'Fixture re-torqued' });
      expect(ack.status).toBe(200);
      await report(operator, { ...testing('LAB-1'), step: 3 });
      const after = await stream.next((e) => e.event === 'station' && e.data.includes('"step":3'));
      expect((JSON.parse(after.data) as StationView).spcAlarms).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it(`carries the newest ${STATION_SPC_ALARMS} of many, each below the payload's limit`, async () => {
    const title = (i: number) => `Step ${i} ${'é'.repeat(90)}`;
    const ids: number[] = [];
    for (let i = 0; i < STATION_SPC_ALARMS + 2; i++)
      ids.push(await openAlarm(manager.accountId!, productId, otherSeqId, title(i), [[200 + i, [3], false]]));
    // a report announced through NOTIFY: its payload holds the alarms
    const res = await report(operator, { ...testing('LAB-2', otherSeqId), step: 2 });
    expect(res.status).toBe(201);
    const shown = (await card(manager, 'LAB-2')).spcAlarms;
    expect(shown.map((a) => a.alarmId)).toEqual(ids.reverse().slice(0, STATION_SPC_ALARMS));
    expect(shown[0]!.line).toBe(
      `SPC alarm on ${title(STATION_SPC_ALARMS + 1)}: rule 3, four of five points more than 1σ below the centre line`,
    );
  });
});
