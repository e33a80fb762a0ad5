import { Injectable } from '@nestjs/common';
import { Role } from '@sweepline/domain';
import { ReadDb } from '../database/read-db';
import { AccountRowDto, BillRowDto, UsageRowDto } from './dto/back-office.dto';

/** An ISO time as Date.toISOString writes it (UTC, milliseconds). */
const iso = (column: string) => `to_char((${column}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The account's manager (the one who signed up); accounts have one. */
const MANAGER = `LEFT JOIN LATERAL (
    SELECT u.email FROM app_user u
     WHERE u.account_id = a.id AND u.role = ${Role.Manager} AND u.deleted_at IS NULL
     ORDER BY u.id LIMIT 1) m ON true`;

/** Accounts, products and tests in a stable order: names without case in code-point order, then id. */
const ORDER = `lower(a.name) COLLATE "C", a.id, lower(p.name) COLLATE "C", p.id, s.stage_no, s.test_no, s.id`;

/**
 * docs/requirements/back-office-and-billing.md#bill: records are uploaded runs, counted by the time of upload (run.created_at)
 * so a month's bill never changes once the month is over, whatever start times late uploads
 * carry. Index run (created_at) INCLUDE (...) (migration 1763856600000) answers from the index.
 * $1, $2: the month's first instant and the next month's; $3 trial days; $4 price per record.
 */
const BILL = `
  WITH c AS (
    SELECT r.account_id, r.product_id, r.seq_id, count(*)::int AS count,
           count(*) FILTER (WHERE r.created_at < a.created_at + make_interval(days => $3))::int AS free
      FROM run r JOIN account a ON a.id = r.account_id
     WHERE r.created_at >= $1::timestamptz AND r.created_at < $2::timestamptz
     GROUP BY 1, 2, 3)
  SELECT a.id AS "accountId", a.name AS "accountName", coalesce(m.email, '') AS "managerEmail",
         p.name AS "productName", s.name AS "seqName", c.count, c.free AS "freeCount",
         c.count - c.free AS "billableCount", round((c.count - c.free) * $4::numeric, 2)::float8 AS amount,
         ${iso('a.created_at + make_interval(days => $3)')} AS "trialEnd"
    FROM c JOIN account a ON a.id = c.account_id JOIN product p ON p.id = c.product_id
    JOIN seq s ON s.id = c.seq_id ${MANAGER}
   ORDER BY ${ORDER}`;

/** Runs per UTC day of upload, account, product, test and result since $1; newest day first. */
const USAGE = `
  WITH c AS (
    SELECT (r.created_at AT TIME ZONE 'UTC')::date AS day, r.account_id, r.product_id, r.seq_id, r.result,
           count(*)::int AS count
      FROM run r
     WHERE r.created_at >= $1::timestamptz
     GROUP BY 1, 2, 3, 4, 5)
  SELECT to_char(c.day, 'YYYY-MM-DD') AS date, a.id AS "accountId", a.name AS account,
         coalesce(m.email, '') AS "managerEmail", p.name AS product, s.name AS seq, c.result::int AS result,
         c.count
    FROM c JOIN account a ON a.id = c.account_id JOIN product p ON p.id = c.product_id
    JOIN seq s ON s.id = c.seq_id ${MANAGER}
   ORDER BY c.day DESC, ${ORDER}, c.result DESC`;

const ACCOUNTS = `
  SELECT a.id, a.name, coalesce(m.email, '') AS "managerEmail", floor(extract(epoch FROM a.created_at) * 1000)::float8 AS "registerTime",
         a.is_active AS "isActive"
    FROM account a ${MANAGER}
   ORDER BY a.created_at DESC, a.id DESC`;

type BillRow = Omit<BillRowDto, 'pricePerRecord' | 'currency'>;

/** The provider's queries over every account (Role.Admin only). */
@Injectable()
export class BackOfficeRepository {
  /** On the standby when there is one (a bill may lag the primary by its replay delay). */
  constructor(private readonly db: ReadDb) {}

  bill(from: string, before: string, trialDays: number, pricePerRecord: number): Promise<BillRow[]> {
    return this.db.query<BillRow>(BILL, [from, before, trialDays, String(pricePerRecord)]);
  }

  usage(from: string): Promise<UsageRowDto[]> {
    return this.db.query<UsageRowDto>(USAGE, [from]);
  }

  accounts(): Promise<AccountRowDto[]> {
    return this.db.query<AccountRowDto>(ACCOUNTS);
  }
}
