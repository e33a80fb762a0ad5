import type { InstrumentCheckAnswer, RunOriginReport, RunUploadAnswer } from '@sweepline/domain';
import { NOT_RECORDED_ORIGIN, ORIGIN_MSG, Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi, ok } from '../editor/testing/editor-api';
import {
  addCertificate,
  ANALYZER,
  instrumentId,
  originRows,
  PIM,
  wholeCalibration,
} from '../runner/testing/origin-fixtures';
import type { LineTest } from '../runner/testing/runner-fixtures';
import { addSerialNumbers, productWithTests, runOf } from '../runner/testing/runner-fixtures';

const DAY_MS = 86_400_000;
/** The UTC day `days` from today. */
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

describeEachDatabase(
  'what measured a run: its report, the runner check, the setting (docs/api/runs.md)',
  (t) => {
    let manager: Member;
    let editor: Member;
    let operator: Member;
    let stranger: Member;
    let test: LineTest;
    let recordedRun: number;
    let plainRun: number;

    beforeAll(async () => {
      manager = await createManager(t());
      editor = await createMember(t(), manager.accountId, Role.Editor);
      operator = await createMember(t(), manager.accountId, Role.Operator, 'Olive Operator');
      stranger = await createManager(t());
      const line = await productWithTests(editorApi(t, manager), 'Filter', [1, 1]);
      test = line.tests[0]!;
      await addSerialNumbers(editorApi(t, operator), line.product.id, ['U-1', 'U-2']);
      const upload = (sn: string, over: object) =>
        ok<RunUploadAnswer>(editorApi(t, operator).post('/runner/runs', runOf(test, sn, over)));
      recordedRun = (
        await upload('U-1', {
          start_time: '2025-03-01T08:00:00Z',
          end_time: '2025-03-01T08:01:00Z',
          station: 'LAB-PC-1',
          runner_version: '0.9.0',
          instruments: [ANALYZER, PIM],
          calibrations: [wholeCalibration('cal-1', [2, 1], { made_at: '2025-03-01T06:30:00Z' })],
        })
      ).run_id;
      plainRun = (await upload('U-2', {})).run_id;
    });

    describe('GET /runs/:id/origin', () => {
      it("answers the run's station, instruments with their state at the run, and calibrations with age and steps", async () => {
        const analyzer = await instrumentId(t(), manager.accountId!, ANALYZER.serial);
        const report = await ok<RunOriginReport>(editorApi(t, operator).get(`/runs/${recordedRun}/origin`));
        expect(report).toEqual({
          recorded: true,
          station: 'LAB-PC-1',
          runnerVersion: '0.9.0',
          measuredOverdue: false,
          instruments: [
            {
              id: analyzer,
              role: 'network_analyzer',
              vendor: ANALYZER.vendor,
              model: ANALYZER.model,
              serial: ANALYZER.serial,
              firmware: ANALYZER.firmware,
              stateAtRun: 'unknown',
              dueOn: null,
            },
            expect.objectContaining({ role: 'pim_analyzer', serial: PIM.serial, firmware: null }),
          ],
          calibrations: [
            {
              id: expect.any(Number),
              kind: 'mechanical',
              ecalSerial: null,
              ports: '1-2',
              startMHz: 600,
              stopMHz: 2700,
              madeAt: '2025-03-01T06:30:00.000Z',
              madeBy: 'Olive Operator',
              instrumentId: analyzer,
              ageSeconds: 5400,
              stepNos: [2, 3],
            },
          ],
        });
      });

      it('says "not recorded" of a run without origin fields', async () => {
        expect(await ok(editorApi(t, operator).get(`/runs/${plainRun}/origin`))).toEqual(NOT_RECORDED_ORIGIN);
      });

      it("answers 404 for another account's run or none", async () => {
        for (const path of [`/runs/${recordedRun}/origin`, '/runs/999999999/origin']) {
          const res = await editorApi(t, stranger).get(path);
          expect([res.status, res.body.msg]).toEqual([404, 'Run not found']);
        }
        expect((await editorApi(t, operator).get('/runs/abc/origin')).status).toBe(400);
      });
    });

    describe('POST /runner/instruments/check', () => {
      const check = (member: Member, body: object) =>
        editorApi(t, member).post('/runner/instruments/check', body);

      it("answers each instrument's state today and the account's setting, storing nothing", async () => {
        const analyzer = await instrumentId(t(), manager.accountId!, ANALYZER.serial);
        await addCertificate(t(), manager.accountId!, analyzer, dayFromToday(-300), dayFromToday(10));
        const before = await originRows(t(), manager.accountId!);
        const unseen = { ...ANALYZER, serial: 'NEVER-SEEN' };
        const res = await check(operator, { instruments: [unseen, PIM, ANALYZER] });
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual({
          allowOverdue: false,
          instruments: [
            { serial: 'NEVER-SEEN', model: ANALYZER.model, state: 'unknown', dueOn: null, daysLeft: null },
            { serial: PIM.serial, model: PIM.model, state: 'unknown', dueOn: null, daysLeft: null },
            {
              serial: ANALYZER.serial,
              model: ANALYZER.model,
              state: 'due',
              dueOn: dayFromToday(10),
              daysLeft: 10,
            },
          ],
        });
        expect(await originRows(t(), manager.accountId!)).toEqual(before);
      });

      it("never shows another account's instruments, and an API token of an operator may ask", async () => {
        const theirs = await ok<InstrumentCheckAnswer>(check(stranger, { instruments: [ANALYZER] }));
        expect(theirs.instruments).toEqual([
          { serial: ANALYZER.serial, model: ANALYZER.model, state: 'unknown', dueOn: null, daysLeft: null },
        ]);
        const made = await editorApi(t, manager).post('/user/api_tokens', {
          name: 'Line PC',
          role: Role.Operator,
        });
        const token = made.body.data.token as string;
        const answer = await ok<InstrumentCheckAnswer>(
          check({ ...operator, token }, { instruments: [ANALYZER] }),
        );
        expect(answer.instruments[0]!.state).toBe('due');
      });

      it('answers overdue the day after the due date, and valid once a new certificate is in force', async () => {
        const pim = await instrumentId(t(), manager.accountId!, PIM.serial);
        const state = async () =>
          (await ok<InstrumentCheckAnswer>(check(operator, { instruments: [PIM] }))).instruments[0];
        await addCertificate(t(), manager.accountId!, pim, dayFromToday(-400), dayFromToday(-1));
        expect(await state()).toMatchObject({ state: 'overdue', dueOn: dayFromToday(-1), daysLeft: -1 });
        // recorded ahead of its calibration day: not in force yet
        await addCertificate(t(), manager.accountId!, pim, dayFromToday(1), dayFromToday(400));
        expect(await state()).toMatchObject({ state: 'overdue' });
        await addCertificate(t(), manager.accountId!, pim, dayFromToday(0), dayFromToday(40));
        expect(await state()).toMatchObject({ state: 'valid', dueOn: dayFromToday(40), daysLeft: 40 });
      });

      it('refuses a bad body with the upload rules’ messages', async () => {
        const cases: [object, string][] = [
          [{}, `instruments: ${ORIGIN_MSG.instruments}`],
          [{ instruments: [ANALYZER], extra: 1 }, 'extra: Unknown field'],
          [{ instruments: [{ ...PIM, role: 'scope' }] }, `instruments[0].role: ${ORIGIN_MSG.role}`],
          [{ instruments: [PIM, PIM] }, `instruments[1]: ${ORIGIN_MSG.twoInstruments}`],
          [{ instruments: Array(9).fill(PIM) }, `instruments: ${ORIGIN_MSG.instruments}`],
        ];
        for (const [body, msg] of cases) {
          const res = await check(operator, body);
          expect([res.status, res.body.msg]).toEqual([400, msg]);
        }
      });
    });

    describe('GET and PUT /user/instrument_settings', () => {
      it('lets a manager allow overdue instruments, audited, and refuses others', async () => {
        const manage = editorApi(t, manager);
        expect(await ok(manage.get('/user/instrument_settings'))).toEqual({ allowOverdue: false });
        expect(await ok(manage.put('/user/instrument_settings', { allowOverdue: true }))).toEqual({
          allowOverdue: true,
        });
        // saving it unchanged is no row of the trail
        await ok(manage.put('/user/instrument_settings', { allowOverdue: true }));
        const rows = await t().dataSource.query(
          `SELECT thing, action, changes FROM audit_event WHERE account_id = $1 AND thing = 'account'`,
          [manager.accountId],
        );
        expect(rows).toEqual([
          { thing: 'account', action: 'update', changes: [{ field: 'allowOverdue', from: false, to: true }] },
        ]);
        const answer = await ok<InstrumentCheckAnswer>(
          editorApi(t, operator).post('/runner/instruments/check', { instruments: [] }),
        );
        expect(answer).toEqual({ allowOverdue: true, instruments: [] });
        for (const member of [editor, operator]) {
          expect((await editorApi(t, member).get('/user/instrument_settings')).status).toBe(403);
          expect(
            (await editorApi(t, member).put('/user/instrument_settings', { allowOverdue: false })).status,
          ).toBe(403);
        }
        const bad = await manage.put('/user/instrument_settings', { allowOverdue: 'yes' });
        expect([bad.status, bad.body.msg]).toEqual([400, 'allowOverdue must be a boolean value']);
        expect(await ok(manage.get('/user/instrument_settings'))).toEqual({ allowOverdue: true });
      });
    });
  },
);
