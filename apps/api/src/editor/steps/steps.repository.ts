import { Injectable } from '@nestjs/common';
import { Step } from '@sweepline/domain';
import { AccountCtx } from '../../auth/auth-context';
import { Db } from '../../database/transaction';
import { stepOf, StepRow } from '../wire';

/** Look-ups of steps by id across the account's live tests; writes go through EditorStore. */
@Injectable()
export class StepsRepository {
  constructor(private readonly db: Db) {}

  /** The live steps of the account among `ids`, with their tests, in test then step order. */
  async liveSteps(acct: AccountCtx, ids: readonly number[]): Promise<{ seqId: number; step: Step }[]> {
    const rows = await this.db.query<StepRow>(
      `SELECT st.* FROM step st
         JOIN seq s ON s.id = st.seq_id AND s.deleted_at IS NULL
         JOIN product p ON p.id = s.product_id AND p.deleted_at IS NULL
        WHERE st.id = ANY($1::int[]) AND st.account_id = $2
        ORDER BY st.seq_id, st.position`,
      [ids, acct.accountId],
    );
    return rows.map((row) => ({ seqId: row.seq_id, step: stepOf(row) }));
  }
}
