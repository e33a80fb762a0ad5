import { Injectable } from '@nestjs/common';
import { MSG, Refused, STAGE_MSG, StageNo } from '@sweepline/domain';
import { AuditTrail } from '../audit/audit-trail';
import type { AccountCtx } from '../auth/auth-context';
import { ProductRef, SerialNumberRow, SerialNumbersRepository } from './serial-numbers.repository';
import { StageHistory, StageVisit } from './stage-history.repository';

/**
 * A serial number's stage visits for the other features (the runner, containment's retest):
 * SerialNumbersRepository is the only writer of serial_number and sn_stage_history, and they
 * reach it through here.
 */
@Injectable()
export class StageVisits {
  constructor(
    private readonly history: StageHistory,
    private readonly serialNumbers: SerialNumbersRepository,
    private readonly audit: AuditTrail,
  ) {}

  /** The serial numbers of `ids` in live products of the account, locked for the request; others left out. */
  lockByIds(accountId: number, ids: readonly number[]): Promise<SerialNumberRow[]> {
    return this.serialNumbers.byIds(accountId, ids, true);
  }

  /**
   * The spec's jump to stage (docs/requirements/serial-numbers.md#jump-to-stage) of serial numbers
   * of one product, found and locked by the caller: a new visit (reason 'jump') at `stageNo`, a
   * stage of the product, even the current one; one audit row for them all.
   */
  async jump(acct: AccountCtx, product: ProductRef, units: readonly SerialNumberRow[], stageNo: number) {
    const stages = await this.history.stages(product.id);
    if (stages.length === 0) throw new Refused(MSG.noStageForProduct);
    if (!stages.includes(stageNo))
      throw new Refused(`stage_no: ${STAGE_MSG.notAStage(stageNo, product.name)}`);
    const ids = units.map((unit) => unit.id);
    await this.serialNumbers.enterStage(acct.accountId, ids, stageNo, 'jump', acct.userName);
    // one row for the request, each serial number a change from its stage to the new one
    await this.audit.record(acct, {
      thing: 'stage_jump',
      thingId: units.map((unit) => unit.sn).join(', '),
      productId: product.id,
      action: 'jump',
      changes: units.map((unit) => ({ field: unit.sn, from: unit.stage_no, to: stageNo })),
    });
  }

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
