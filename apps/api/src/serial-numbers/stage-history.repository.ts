import { Injectable } from '@nestjs/common';
import { firstStage, StageHistoryEntry, StageNo } from '@sweepline/domain';
import { Db } from '../database/transaction';
import { SerialNumberRow, SerialNumbersRepository } from './serial-numbers.repository';

/** Where a serial number is: its current stage visit (the history entry), or finished. */
export interface StageVisit {
  /** The entry; null when the serial number has none yet and its product no tests either. */
  historyId: number | null;
  stageNo: StageNo;
  finished: boolean;
}

/**
 * Stage history (docs/requirements/process-control.md#stages): a serial number's current stage is its latest
 * entry, kept in serial_number.current_history_id in the same statement that writes the entry
 * (SerialNumbersRepository.enterStage, the one writer of both tables).
 */
@Injectable()
export class StageHistory {
  constructor(
    private readonly db: Db,
    private readonly serialNumbers: SerialNumbersRepository,
  ) {}

  /** The product's stages: the distinct stage numbers of its live tests, ascending. */
  async stages(productId: number): Promise<number[]> {
    const rows = await this.db.query<{ stage_no: number }>(
      'SELECT DISTINCT stage_no::int AS stage_no FROM seq WHERE product_id = $1 AND deleted_at IS NULL ORDER BY 1',
      [productId],
    );
    return rows.map((row) => row.stage_no);
  }

  /** The serial number's entries, newest first (GET /sn/history). */
  entries(serialNumberId: number): Promise<StageHistoryEntry[]> {
    return this.db.query<StageHistoryEntry>(
      `SELECT stage_no AS "stageNo", reason, created_at AS "createdAt", created_by_name AS "createdByName"
         FROM sn_stage_history WHERE serial_number_id = $1 ORDER BY id DESC`,
      [serialNumberId],
    );
  }

  /**
   * The serial number's visit as it stands; one without an entry is at the product's lowest
   * stage of now (it was added before the product had tests), and `place` writes that 'add'
   * entry (an upload needs the visit to belong to).
   */
  async visit(
    accountId: number,
    unit: SerialNumberRow,
    userName: string,
    place = false,
  ): Promise<StageVisit> {
    if (unit.history_id !== null) {
      return { historyId: unit.history_id, stageNo: unit.stage_no, finished: unit.stage_no === null };
    }
    const stageNo = firstStage(await this.stages(unit.product_id)) ?? null;
    if (stageNo === null || !place) return { historyId: null, stageNo, finished: false };
    const [historyId] = await this.serialNumbers.enterStage(accountId, [unit.id], stageNo, 'add', userName);
    return { historyId: historyId!, stageNo, finished: false };
  }
}
