import request from 'supertest';
import type { RunUploadAnswer } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager } from '../../test/fixtures';
import { describeEachDatabase, testConfig } from '../../test/test-app';
import { API, editorApi, ok } from '../editor/testing/editor-api';
import type { Line } from '../runner/testing/runner-fixtures';
import { addSerialNumbers, productWithTests, runOf } from '../runner/testing/runner-fixtures';
import { TRIAL_MSG } from './trial-quota.service';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const png = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 7)]);
const POINTS = 1000;

const { perAccount } = testConfig();

/** Issue 42: a free-trial account has a storage quota and a rate quota (docs/operations.md). */
describeEachDatabase(
  'free-trial quotas',
  (t) => {
    let trial: Member, paying: Member;
    const lines = new Map<Member, Line>();
    let serial = 0;

    async function setUp(manager: Member): Promise<void> {
      lines.set(manager, await productWithTests(editorApi(t, manager), 'Filter', [1]));
    }
    const upload = (member: Member, traced = false) => {
      const line = lines.get(member)!;
      const sn = `Q-${++serial}`;
      return addSerialNumbers(editorApi(t, member), line.product.id, [sn]).then(() =>
        editorApi(t, member).post(
          '/runner/runs',
          runOf(line.tests[0]!, sn, {
            traces: traced
              ? [
                  {
                    step_index: 1,
                    report: true,
                    freqs_MHz: Array.from({ length: POINTS }, (_, i) => 800 + i),
                    values: Array.from({ length: POINTS }, () => -0.5),
                  },
                ]
              : undefined,
          }),
        ),
      );
    };
    const attach = (member: Member, runId: number, size: number, name: string) =>
      request(t().http())
        .post(`${API}/runner/runs/${runId}/attachments`)
        .set('x-auth-token', member.token)
        .field('step_index', '1')
        .field('kind', 'screenshot')
        .attach('file', png(size), name);
    const stored = async (member: Member) => {
      const [row] = (await t().dataSource.query(
        'SELECT bytes::int AS bytes FROM trial_storage WHERE account_id = $1',
        [member.accountId],
      )) as { bytes: number }[];
      return row?.bytes;
    };
    const runCount = async (member: Member) => {
      const [row] = (await t().dataSource.query('SELECT count(*)::int AS n FROM run WHERE account_id = $1', [
        member.accountId,
      ])) as [{ n: number }];
      return row.n;
    };

    beforeAll(async () => {
      trial = await createManager(t());
      paying = await createManager(t());
      await t().dataSource.query(`UPDATE account SET created_at = now() - interval '31 days' WHERE id = $1`, [
        paying.accountId,
      ]);
      await setUp(trial);
      await setUp(paying);
    });

    it("counts a trial account's traces and files, and refuses a file past the storage quota", async () => {
      const first = await ok<RunUploadAnswer>(upload(trial, true));
      expect(await stored(trial)).toBe(2 * 4 * POINTS);
      expect((await attach(trial, first.run_id, 600_000, 'a.png')).status).toBe(201);
      expect(await stored(trial)).toBe(2 * 4 * POINTS + 600_000);
      const over = await attach(trial, first.run_id, 600_000, 'b.png');
      expect(over.status).toBe(429);
      const [{ end }] = (await t().dataSource.query(
        `SELECT created_at + interval '30 days' AS end FROM account WHERE id = $1`,
        [trial.accountId],
      )) as [{ end: Date }];
      expect(over.body).toEqual({ status: 0, msg: TRIAL_MSG.storage(1, new Date(end)), data: null });
      // the refusal rolled its charge back
      expect(await stored(trial)).toBe(2 * 4 * POINTS + 600_000);
    });

    it('refuses a run past the rate quota with a clear message, and stores nothing', async () => {
      // the run above counted once; two more fill the hour's quota of three
      for (let i = 0; i < 2; i++) expect((await upload(trial)).status).toBe(201);
      const before = await runCount(trial);
      const over = await upload(trial);
      expect(over.status).toBe(429);
      expect(over.body.msg).toMatch(
        /^This free-trial account may upload 3 runs an hour\. Try again in \d+ minutes?$/,
      );
      expect(await runCount(trial)).toBe(before);
    });

    it('limits nothing once the trial is over, and counts nothing', async () => {
      for (let i = 0; i < 4; i++) expect((await upload(paying, true)).status).toBe(201);
      expect(await stored(paying)).toBeUndefined();
    });
  },
  { perAccount: { ...perAccount, trialStorageMb: 1, trialRunsPerHour: 3 } },
);
