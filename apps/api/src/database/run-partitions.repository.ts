import { Injectable } from '@nestjs/common';
import { Db } from './transaction';

/** What the default partition holds: runs whose month has no partition of its own. */
export interface OutsideRuns {
  count: number;
  earliest: string | null;
  latest: string | null;
}

/** The SQL of run's monthly partitions (migration 1763857000000 defines the functions). */
@Injectable()
export class RunPartitionsRepository {
  constructor(private readonly db: Db) {}

  /** Makes the current month's partition and the next `monthsAhead` ones; answers how many were new. */
  async ensure(monthsAhead: number): Promise<number> {
    const [row] = await this.db.query<{ made: number }>('SELECT run_ensure_partitions($1) AS made', [
      monthsAhead,
    ]);
    return row!.made;
  }

  async outside(): Promise<OutsideRuns> {
    const [row] = await this.db.query<OutsideRuns>(
      `SELECT count(*)::int AS count, min(start_time)::text AS earliest, max(start_time)::text AS latest
         FROM run_default`,
    );
    return row!;
  }
}
