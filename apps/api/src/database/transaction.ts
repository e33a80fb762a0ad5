import { AsyncLocalStorage } from 'node:async_hooks';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, lastValueFrom, Observable } from 'rxjs';
import type { PoolClient, QueryResultRow } from 'pg';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { CopyOut, type CopyParam, type CopyRow } from './copy-out';

/**
 * One transaction per request (docs/requirements/errors-and-envelope.md#what-bad-input-gets): the interceptor opens it, every
 * repository reaches it through Db, and a thrown error anywhere rolls the whole request back.
 */
const requestManager = new AsyncLocalStorage<EntityManager>();

/** What the request's transaction runs once it has committed (afterCommit). */
const requestAfterCommit = new AsyncLocalStorage<(() => void)[]>();

/**
 * Runs `task` once the request's transaction has committed, as the reply goes out, never if it
 * rolls back; outside a request's transaction, at once. For work the caller must not wait for
 * and that must not happen for a request that failed: an SMTP mail (issue 42: a mail sent inside
 * the request made an address that has an account answer slower, by the mail server's round trip).
 */
export function afterCommit(task: () => void): void {
  const tasks = requestAfterCommit.getStore();
  if (tasks) tasks.push(task);
  else task();
}

/** The requests' transactions that have written (Db.noteWrite), which their reads must see. */
const wroteIn = new WeakSet<EntityManager>();

@Injectable()
export class Db {
  constructor(readonly dataSource: DataSource) {}

  /** The request's transaction; outside a request (start-up, scripts) the plain manager. */
  get manager(): EntityManager {
    return requestManager.getStore() ?? this.dataSource.manager;
  }

  /**
   * Marks the request's transaction as having written something its later reads must see (the
   * analytics' fold of queued step values): ReadDb then reads it here, on the primary, since a
   * standby sees nothing uncommitted. Outside a request's transaction, nothing.
   */
  noteWrite(): void {
    const manager = requestManager.getStore();
    if (manager) wroteIn.add(manager);
  }

  /** Whether the request's transaction has written (noteWrite). */
  get requestWrote(): boolean {
    const manager = requestManager.getStore();
    return manager !== undefined && wroteIn.has(manager);
  }

  /**
   * Plain SQL on the request's transaction, always answering the rows (TypeORM's own query()
   * answers [rows, count] for UPDATE and DELETE, rows for everything else).
   */
  async query<T = unknown>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.onRunner(async (runner) => (await runner.query(sql, params, true)).records as T[]);
  }

  /**
   * Like query(), as the connection's prepared statement `name` (one fixed SQL text per name):
   * PostgreSQL parses and plans it once per pooled connection instead of on every call, which
   * was half of its CPU time on the runner's uploads (docs/performance.md). For hot statements
   * only; errors come as pg's own (code '23505'...), not wrapped in TypeORM's QueryFailedError.
   */
  async prepared<T = unknown>(name: string, sql: string, params: unknown[]): Promise<T[]> {
    return this.onRunner(async (runner) => {
      const client = (await runner.connect()) as PoolClient;
      return (await client.query<T & QueryResultRow>({ name, text: sql, values: params })).rows;
    });
  }

  /** `COPY (select) TO STDOUT (FORMAT binary)`'s rows (ReadDb.copyRows), on the request's transaction. */
  async copyRows(select: string, params: readonly CopyParam[]): Promise<CopyRow[]> {
    return this.onRunner(async (runner) =>
      CopyOut.rows((await runner.connect()) as PoolClient, select, params),
    );
  }

  /**
   * `work` on the request's transaction, after the statements already sent on it, or on a pooled
   * connection of its own outside one.
   */
  private async onRunner<T>(work: (runner: QueryRunner) => Promise<T>): Promise<T> {
    const inTransaction = this.manager.queryRunner;
    if (inTransaction) return inTurn(inTransaction, () => work(inTransaction));
    const runner = this.dataSource.createQueryRunner();
    try {
      return await work(runner);
    } finally {
      await runner.release();
    }
  }
}

/** The last statement sent on each request's transaction, settled or not. */
const lastOnRunner = new WeakMap<QueryRunner, Promise<unknown>>();

/**
 * Runs `work` once the runner's statements before it have settled. A connection runs one statement
 * at a time: reads started together (Promise.all) on one transaction were queued by pg itself,
 * which pg 8 warns is deprecated and pg 9 will refuse; they are queued here instead, in the order
 * they were asked, as pg did.
 */
function inTurn<T>(runner: QueryRunner, work: () => Promise<T>): Promise<T> {
  const result = (lastOnRunner.get(runner) ?? Promise.resolve()).then(work);
  lastOnRunner.set(
    runner,
    result.catch(() => undefined),
  );
  return result;
}

/**
 * Opens the request's transaction, which every Db call inside `work` then runs on: the request
 * pipeline's part (TransactionInterceptor, and the run upload route served ahead of Nest), kept
 * apart from Db so that only repositories hold the query functions.
 */
@Injectable()
export class RequestTransaction {
  constructor(private readonly dataSource: DataSource) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    const tasks: (() => void)[] = [];
    const result = await requestAfterCommit.run(tasks, () =>
      this.dataSource.transaction((manager) => requestManager.run(manager, work)),
    );
    for (const task of tasks) task();
    return result;
  }
}

export const NO_TRANSACTION_KEY = 'sweepline:no-transaction';

/**
 * For a reading handler whose statements each stand alone (each reads one snapshot of its own):
 * no transaction around it, which saves the BEGIN and COMMIT round trips of a hot, small read.
 */
export const WithoutTransaction = () => SetMetadata(NO_TRANSACTION_KEY, true);

@Injectable()
export class TransactionInterceptor implements NestInterceptor {
  constructor(
    private readonly transaction: RequestTransaction,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const without = this.reflector.getAllAndOverride<boolean | undefined>(NO_TRANSACTION_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (without) return next.handle();
    return from(this.transaction.run(() => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}
