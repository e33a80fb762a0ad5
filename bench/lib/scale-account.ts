/**
 * The scale account of tools/seed as the benches use it: a manager's session, API tokens for lab
 * PCs, and plans of uploads (new units, each test's step results taken from seeded runs).
 */
import { Client } from 'pg';
import { API_TOKEN_PREFIX, hashToken, newToken } from '@sweepline/testing';
import { SCALE_IDENTITY } from '@sweepline/tools';
import type { IngestTest, IngestUnit } from './ingest';

export type Api = { baseUrl: string; token: string };

export async function call<T>(api: Api, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${api.baseUrl}${path}`, {
    ...init,
    headers: { 'x-auth-token': api.token, 'content-type': 'application/json', ...init.headers },
  });
  const body = (await res.json()) as { status: number; msg: string; data: T };
  if (body.status !== 1) throw new Error(`${path} answered ${res.status}: ${body.msg}`);
  return body.data;
}

/**
 * A session of the scale account's manager (reports, PDF, adding serial numbers), and an API
 * token for each of `labPcs` runners, as the command-line runner uploads with one (role operator).
 */
export async function signIn(
  url: string,
  labPcs: number,
): Promise<{ token: string; accountId: number; labTokens: string[] }> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: number; account_id: number }>(
      `SELECT id, account_id FROM app_user WHERE email = $1 AND deleted_at IS NULL`,
      [SCALE_IDENTITY.users[0]!.email],
    );
    const manager = rows[0];
    if (!manager) throw new Error('The scale account is missing: run without --reuse');
    const token = newToken();
    await db.query(
      `INSERT INTO session (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
      [hashToken(token), manager.id],
    );
    const labTokens = Array.from({ length: labPcs }, () => newToken(API_TOKEN_PREFIX));
    for (const [i, lab] of labTokens.entries()) {
      await db.query(
        `INSERT INTO api_token (account_id, name, role, token_hash, created_by) VALUES ($1, $2, 2, $3, $4)`,
        [manager.account_id, `Lab PC ${process.pid}-${i + 1}`, hashToken(lab), manager.id],
      );
    }
    return { token, accountId: manager.account_id, labTokens };
  } finally {
    await db.end();
  }
}

export interface ProductList {
  id: number;
  name: string;
  seqs: { id: number; name: string }[];
}

/** New units in every scale product (POST /sn) and each test's step results, from seeded runs. */
export async function ingestPlan(api: Api, url: string, products: ProductList[], perProduct: number) {
  const units: (IngestUnit & { n: number })[] = [];
  for (const p of products) {
    for (let from = 0; from < perProduct; from += 1000) {
      const numbers = Array.from({ length: Math.min(1000, perProduct - from) }, (_, i) => from + i);
      const sn_array = numbers.map((n) => `ING${process.pid}-${p.id}-${n}`);
      await call(api, '/sn', { method: 'POST', body: JSON.stringify({ product_id: p.id, sn_array }) });
      units.push(...sn_array.map((sn, i) => ({ sn, productId: p.id, n: numbers[i]! })));
    }
  }
  // round robin over the products, so the clients work on all of them at once
  units.sort((a, b) => a.n - b.n || a.productId - b.productId);
  const db = new Client({ connectionString: url });
  await db.connect();
  const tests = new Map<number, IngestTest[]>();
  for (const p of products) {
    const list: IngestTest[] = [];
    for (const s of p.seqs) {
      const { rows } = await db.query(
        `SELECT s.version, (SELECT steps FROM run WHERE seq_id = s.id AND result = 1 LIMIT 1) AS pass,
                (SELECT steps FROM run WHERE seq_id = s.id AND result = 0 LIMIT 1) AS fail
           FROM seq s WHERE s.id = $1`,
        [s.id],
      );
      list.push({ seqId: s.id, version: rows[0].version, pass: rows[0].pass, fail: rows[0].fail });
    }
    tests.set(p.id, list);
  }
  await db.end();
  return { units, tests };
}
