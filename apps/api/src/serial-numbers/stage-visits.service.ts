import { Injectable } from '@nestjs/common';
import { StageNo } from '@sweepline/domain';
import { SerialNumberRow, SerialNumbersRepository } from './serial-numbers.repository';
import { StageHistory, StageVisit } from './stage-history.repository';

/**
 * A serial number's stage visits for the other features (the runner): SerialNumbersRepository is
 * the only writer of serial_number and sn_stage_history, and they reach it through here.
 */
@Injectable()
export class StageVisits {
  constructor(
    private readonly history: StageHistory,
    private readonly serialNumbers: SerialNumbersRepository,
  ) {}

  /** Where the serial number is (StageHistory.visit), without placing it. */
  visit(accountId: number, unit: SerialNumberRow, userName: string): Promise<StageVisit> {
    return this.history.visit(accountId, unit, userName);
  }

  /** Places a serial number without an entry at `stageNo` ('add'); answers the entry's id. */
  async place(
    accountId: number,
    serialNumberId: number,
    stageNo: StageNo,
    userName: string,
  ): Promise<number> {
    const [historyId] = await this.serialNumbers.enterStage(
      accountId,
      [serialNumberId],
      stageNo,
      'add',
      userName,
    );
    return historyId!;
  }

  /** Moves the serial number on to `stageNo` (null: finished) after the pass of run `runId`. */
  async advance(
    accountId: number,
    serialNumberId: number,
    stageNo: StageNo,
    runId: number,
    userName: string,
  ): Promise<void> {
    await this.serialNumbers.enterStage(accountId, [serialNumberId], stageNo, 'advance', userName, runId);
  }
}
