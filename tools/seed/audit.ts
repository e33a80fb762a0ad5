/**
 * The demo's release history in its audit trail (docs/audit.md), so History has it to show: the
 * manager turning release control and approval on, each release as it was made (waiting, as
 * approval has it) and each approval. The rows are what the API's AuditTrail writes for those
 * calls, chained by the domain's rules (auditHashInput, SHA-256), so `sweepline audit verify`
 * passes on the demo.
 */
import { createHash } from 'node:crypto';
import type { AuditRowContent, ReleaseSettings } from '@sweepline/domain';
import { AUDIT_GENESIS_HASH, auditChanges, auditHashInput } from '@sweepline/domain';
import type { Client } from 'pg';
import type { Person, ReleaseRow } from './releases';

/** The manager turns release control on this long before the first release. */
const SETTINGS_BEFORE = 30 * 60_000;

interface Event {
  at: Date;
  by: Person;
  row: Omit<AuditRowContent, 'at' | 'userId' | 'userName'>;
}

/**
 * The trail of the releases (`ids`: their seq_release ids, in the rows' order), oldest first;
 * `productOf` gives each test's product.
 */
export function releaseAuditRows(
  releases: readonly ReleaseRow[],
  ids: readonly number[],
  productOf: ReadonlyMap<number, number>,
  o: { accountId: number; manager: Person },
): AuditRowContent[] {
  const first = Math.min(...releases.map((r) => r.createdAt.getTime()));
  const off: ReleaseSettings = { releaseControl: false, approval: false };
  const events: Event[] = [
    {
      at: new Date(first - SETTINGS_BEFORE),
      by: o.manager,
      row: {
        thing: 'account',
        thingId: String(o.accountId),
        productId: null,
        seqId: null,
        action: 'update',
        changes: auditChanges(off, { releaseControl: true, approval: true }),
      },
    },
  ];
  releases.forEach((r, i) => {
    const where = {
      thing: 'release' as const,
      thingId: String(ids[i]),
      productId: productOf.get(r.seqId)!,
      seqId: r.seqId,
    };
    const { no, kind, note, rolledBackFrom } = r;
    events.push({
      at: r.createdAt,
      by: r.createdBy,
      row: {
        ...where,
        action: kind === 'rollback' ? 'rollback' : 'release',
        changes: auditChanges({}, { no, kind, state: 'waiting', note, rolledBackFrom }),
      },
    });
    if (r.decidedAt && r.decidedBy) {
      events.push({
        at: r.decidedAt,
        by: r.decidedBy,
        row: {
          ...where,
          action: 'approve',
          changes: auditChanges({ state: 'waiting', reason: null }, { state: r.state, reason: null }),
        },
      });
    }
  });
  return events
    .map((e, order) => ({ e, order }))
    .sort((a, b) => a.e.at.getTime() - b.e.at.getTime() || a.order - b.order)
    .map(({ e }) => ({ at: e.at.toISOString(), userId: e.by.id, userName: e.by.name, ...e.row }));
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Appends the rows to the (new) account's chain, in their order, and sets its head. */
export async function insertAuditTrail(
  db: Client,
  accountId: number,
  rows: readonly AuditRowContent[],
): Promise<void> {
  if (rows.length === 0) return;
  let prev = AUDIT_GENESIS_HASH;
  const chained = rows.map((row) => {
    const hash = sha256Hex(auditHashInput(prev, row));
    const link = { ...row, prevHash: prev, hash };
    prev = hash;
    return link;
  });
  // ids follow the rows' order: the chain's order is id order
  await db.query(
    `INSERT INTO audit_event (account_id, at, user_id, user_name, thing, thing_id, product_id, seq_id, action,
                              changes, prev_hash, hash)
     SELECT $1, x.at, x."userId", x."userName", x.thing, x."thingId", x."productId", x."seqId", x.action,
            x.changes, x."prevHash", x.hash
       FROM jsonb_to_recordset($2::jsonb) AS x(at timestamptz, "userId" int, "userName" text,
            thing text, "thingId" text, "productId" int, "seqId" int, action text, changes jsonb,
            "prevHash" text, hash text, n int)
      ORDER BY x.n`,
    [accountId, JSON.stringify(chained.map((link, n) => ({ ...link, n })))],
  );
  const last = chained[chained.length - 1]!;
  await db.query(`INSERT INTO audit_head (account_id, last_hash, prev_hash) VALUES ($1, $2, $3)`, [
    accountId,
    last.hash,
    last.prevHash,
  ]);
}
