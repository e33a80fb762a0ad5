import { AsyncLocalStorage } from 'node:async_hooks';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { from, lastValueFrom, Observable } from 'rxjs';
import { DataSource, EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';

/**
 * One transaction per request (DESIGN.md, "What bad input gets"): the interceptor opens it, every
 * service reaches it through Db, and a thrown error anywhere rolls the whole request back.
 */
const requestManager = new AsyncLocalStorage<EntityManager>();

@Injectable()
export class Db {
  constructor(readonly dataSource: DataSource) {}

  /** The request's transaction; outside a request (start-up, scripts) the plain manager. */
  get manager(): EntityManager {
    return requestManager.getStore() ?? this.dataSource.manager;
  }

  repo<T extends ObjectLiteral>(entity: EntityTarget<T>): Repository<T> {
    return this.manager.getRepository(entity);
  }

  /**
   * Plain SQL on the request's transaction, always answering the rows (TypeORM's own query()
   * answers [rows, count] for UPDATE and DELETE, rows for everything else).
   */
  async query<T = unknown>(sql: string, params: unknown[] = []): Promise<T[]> {
    const inTransaction = this.manager.queryRunner;
    const runner = inTransaction ?? this.dataSource.createQueryRunner();
    try {
      return (await runner.query(sql, params, true)).records as T[];
    } finally {
      if (!inTransaction) await runner.release();
    }
  }

  /** Runs `work` in its own transaction, for code that is not inside a request. */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => requestManager.run(manager, work));
  }
}

@Injectable()
export class TransactionInterceptor implements NestInterceptor {
  constructor(private readonly db: Db) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(this.db.transaction(() => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}
