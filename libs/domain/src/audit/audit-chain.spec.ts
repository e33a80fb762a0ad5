import { createHash } from 'node:crypto';
import type { AuditRow } from '../api/audit';
import {
  AUDIT_CHAIN_PAGE,
  AUDIT_GENESIS_HASH,
  auditChanges,
  auditHashInput,
  auditRowContent,
  type AuditRowContent,
  verifyAuditChain,
  verifyAuditPages,
} from './audit-chain';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const content = (n: number): AuditRowContent => ({
  at: `2026-11-29T04:0${n}:00.000Z`,
  userId: 7,
  userName: 'Ada',
  thing: 'test',
  thingId: String(40 + n),
  productId: 3,
  seqId: 40 + n,
  action: 'rename',
  changes: [{ field: 'name', from: `IL ${n}`, to: { text: `IL ${n + 1}`, unit: 'dB' } }],
});

/** A well-formed chain of `count` rows, as the API appends them. */
function chain(count: number): AuditRow[] {
  const rows: AuditRow[] = [];
  let prevHash = AUDIT_GENESIS_HASH;
  for (let n = 1; n <= count; n++) {
    const hash = sha256Hex(auditHashInput(prevHash, content(n)));
    rows.push({ id: 100 + n, ...content(n), prevHash, hash });
    prevHash = hash;
  }
  return rows;
}

describe('auditRowContent', () => {
  it('is the same text whatever the order of keys, as jsonb hands them back', () => {
    const row = chain(1)[0]!;
    const reordered = JSON.parse(JSON.stringify(row), (_k, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v as object).reverse())
        : v,
    ) as AuditRow;
    expect(auditRowContent(reordered)).toBe(auditRowContent(row));
  });

  it('leaves out the id and the hashes, and covers every other field', () => {
    const row = chain(1)[0]!;
    expect(auditRowContent({ ...row, id: 1, hash: 'x', prevHash: 'y' })).toBe(auditRowContent(row));
    for (const change of [
      { userName: 'Bob' },
      { userId: null },
      { action: 'delete' },
      { at: '2026-11-29T04:01:00.001Z' },
    ]) {
      expect(auditRowContent({ ...row, ...change })).not.toBe(auditRowContent(row));
    }
  });
});

describe('verifyAuditChain', () => {
  it('passes a chain as appended, empty or not', () => {
    expect(verifyAuditChain(chain(3), sha256Hex)).toEqual({
      ok: true,
      rows: 3,
      firstBad: null,
      lastHash: chain(3)[2]!.hash,
    });
    expect(verifyAuditChain([], sha256Hex)).toEqual({
      ok: true,
      rows: 0,
      firstBad: null,
      lastHash: AUDIT_GENESIS_HASH,
    });
  });

  it('continues from an earlier page with its last hash', () => {
    const rows = chain(4);
    const first = verifyAuditChain(rows.slice(0, 2), sha256Hex);
    expect(verifyAuditChain(rows.slice(2), sha256Hex, first.lastHash).ok).toBe(true);
    expect(verifyAuditChain(rows.slice(2), sha256Hex).firstBad).toEqual({ id: 103, at: rows[2]!.at });
  });

  it('names a row whose content was changed', () => {
    const rows = chain(3);
    rows[1] = { ...rows[1]!, changes: [{ field: 'name', from: 'IL 2', to: 'IL 9' }] };
    expect(verifyAuditChain(rows, sha256Hex)).toMatchObject({
      ok: false,
      rows: 2,
      firstBad: { id: 102, at: rows[1]!.at },
    });
  });

  it('names the row after a removed one, and a row rehashed without its link', () => {
    const rows = chain(3);
    expect(verifyAuditChain([rows[0]!, rows[2]!], sha256Hex).firstBad?.id).toBe(103);
    const forged = { ...rows[1]!, userName: 'Eve' };
    forged.hash = sha256Hex(auditHashInput(forged.prevHash, forged));
    expect(verifyAuditChain([rows[0]!, forged, rows[2]!], sha256Hex).firstBad?.id).toBe(103);
  });

  it('refuses a first row that does not start from the genesis hash', () => {
    const rows = chain(2).slice(1);
    expect(verifyAuditChain(rows, sha256Hex).firstBad?.id).toBe(102);
  });
});

describe('auditChanges', () => {
  it('lists only the fields whose values differ, null for a missing side', () => {
    expect(
      auditChanges({ name: 'IL', limit: 1.2, unit: 'dB' }, { name: 'IL', limit: 1.5, note: 'x' }),
    ).toEqual([
      { field: 'limit', from: 1.2, to: 1.5 },
      { field: 'unit', from: 'dB', to: null },
      { field: 'note', from: null, to: 'x' },
    ]);
  });

  it('sees no change in an object whose keys were reordered, and one in a reordered list', () => {
    expect(auditChanges({ p: { a: 1, b: 2 } }, { p: { b: 2, a: 1 } })).toEqual([]);
    expect(auditChanges({ p: [1, 2] }, { p: [2, 1] })).toEqual([{ field: 'p', from: [1, 2], to: [2, 1] }]);
  });

  it('keeps to the fields asked for, in their order', () => {
    expect(auditChanges({ a: 1, b: 1, c: 1 }, { a: 2, b: 2, c: 2 }, ['c', 'a'])).toEqual([
      { field: 'c', from: 1, to: 2 },
      { field: 'a', from: 1, to: 2 },
    ]);
  });
});

describe('verifyAuditPages', () => {
  /** The chain served as GET /audit/chain serves it: `size` rows after an id. */
  const pages = (rows: AuditRow[], size: number) => {
    const asked: number[] = [];
    const pageAfter = async (afterId: number) => {
      asked.push(afterId);
      return rows.filter((r) => r.id > afterId).slice(0, size);
    };
    return { asked, pageAfter };
  };

  it('follows the chain across pages until a short page', async () => {
    const rows = chain(AUDIT_CHAIN_PAGE + 1);
    const served = pages(rows, AUDIT_CHAIN_PAGE);
    expect(await verifyAuditPages(served.pageAfter, sha256Hex)).toEqual({
      ok: true,
      rows: AUDIT_CHAIN_PAGE + 1,
      firstBad: null,
    });
    expect(served.asked).toEqual([0, rows[AUDIT_CHAIN_PAGE - 1]!.id]);
  });

  it('names a bad row on a later page, counting the rows before it', async () => {
    const rows = chain(AUDIT_CHAIN_PAGE + 2);
    const bad = rows[AUDIT_CHAIN_PAGE]!;
    rows[AUDIT_CHAIN_PAGE] = { ...bad, userName: 'Eve' };
    expect(await verifyAuditPages(pages(rows, AUDIT_CHAIN_PAGE).pageAfter, sha256Hex)).toEqual({
      ok: false,
      rows: AUDIT_CHAIN_PAGE + 1,
      firstBad: { id: bad.id, at: bad.at },
    });
  });
});
