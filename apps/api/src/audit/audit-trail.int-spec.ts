import { createHash } from 'node:crypto';
import { Role, verifyAuditChain } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { RequestTransaction } from '../database/transaction';
import { createManager } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { AuditRepository } from './audit.repository';
import { AuditTrail } from './audit-trail';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describeEachDatabase('AuditTrail', (t) => {
  let acct: AccountCtx;
  const trail = () => t().app.get(AuditTrail);
  const chain = (accountId = acct.accountId) => t().app.get(AuditRepository).chain(accountId, 0, 1000);
  const inRequest = <T>(work: () => Promise<T>) => t().app.get(RequestTransaction).run(work);

  beforeAll(async () => {
    const manager = await createManager(t());
    acct = {
      accountId: manager.accountId!,
      userId: manager.userId,
      userName: manager.name,
      role: Role.Manager,
    };
  });

  it('appends rows that chain from the genesis hash and verify with node:crypto', async () => {
    await inRequest(async () => {
      await trail().record(acct, {
        thing: 'product',
        thingId: 5,
        productId: 5,
        action: 'rename',
        changes: [{ field: 'name', from: 'BPF-600', to: 'BPF-600 ✓ "v2"' }],
      });
      // a Date and undefined are stored as jsonb gives them back, so the hash still matches
      await trail().record(acct, {
        thing: 'step',
        thingId: 9,
        productId: 5,
        seqId: 7,
        action: 'update',
        changes: [{ field: 'param', from: undefined, to: { when: new Date(0), limit: 1e-7, big: 2 ** 60 } }],
      });
    });
    const rows = await chain();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      userId: acct.userId,
      userName: acct.userName,
      thingId: '5',
      seqId: null,
    });
    expect(rows[0]!.prevHash).toBe('0'.repeat(64));
    expect(rows[1]!.prevHash).toBe(rows[0]!.hash);
    expect(rows[1]!.changes).toEqual([
      { field: 'param', from: null, to: { when: '1970-01-01T00:00:00.000Z', limit: 1e-7, big: 2 ** 60 } },
    ]);
    expect(verifyAuditChain(rows, sha256Hex)).toMatchObject({ ok: true, rows: 2 });
  });

  it('writes nothing for a request that is refused after recording', async () => {
    const before = (await chain()).length;
    await expect(
      inRequest(async () => {
        await trail().record(acct, { thing: 'test', thingId: 1, action: 'delete', changes: [] });
        throw new Error('refused later in the request');
      }),
    ).rejects.toThrow('refused later');
    expect(await chain()).toHaveLength(before);
  });

  it('records no user for an API token, only its name', async () => {
    const other = await createManager(t());
    const token: AccountCtx = {
      accountId: other.accountId!,
      userId: other.userId,
      userName: 'token CI',
      role: Role.Editor,
      apiTokenId: 3,
    };
    await inRequest(() =>
      trail().record(token, { thing: 'test', thingId: 2, action: 'create', changes: [] }),
    );
    expect(await chain(other.accountId!)).toEqual([
      expect.objectContaining({ userId: null, userName: 'token CI' }),
    ]);
  });

  it('serializes concurrent appends of an account into one chain', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        inRequest(() =>
          trail().record(acct, {
            thing: 'product',
            thingId: i,
            action: 'update',
            changes: [{ field: 'n', from: i, to: i + 1 }],
          }),
        ),
      ),
    );
    const rows = await chain();
    expect(verifyAuditChain(rows, sha256Hex)).toMatchObject({ ok: true, rows: rows.length });
  });

  it('refuses to update, delete or empty a row, whoever asks', async () => {
    const db = t().dataSource;
    await expect(
      db.query(`UPDATE audit_event SET user_name = 'Eve' WHERE account_id = $1`, [acct.accountId]),
    ).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(db.query(`DELETE FROM audit_event WHERE account_id = $1`, [acct.accountId])).rejects.toThrow(
      /append-only: DELETE refused/,
    );
    await expect(db.query(`TRUNCATE audit_event`)).rejects.toThrow(/append-only: TRUNCATE refused/);
  });

  it("erases an account's rows only when the session names that account", async () => {
    const runner = t().dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      await runner.query(`SELECT set_config('sweepline.audit_erase_account', $1, true)`, [
        String(acct.accountId + 1),
      ]);
      await expect(
        runner.query(`DELETE FROM audit_event WHERE account_id = $1`, [acct.accountId]),
      ).rejects.toThrow(/append-only/);
      await runner.rollbackTransaction();
      await runner.startTransaction();
      await runner.query(`SELECT set_config('sweepline.audit_erase_account', $1, true)`, [
        String(acct.accountId),
      ]);
      await runner.query(`DELETE FROM audit_event WHERE account_id = $1`, [acct.accountId]);
      await runner.rollbackTransaction();
    } finally {
      await runner.release();
    }
    expect((await chain()).length).toBeGreaterThan(0);
  });
});
