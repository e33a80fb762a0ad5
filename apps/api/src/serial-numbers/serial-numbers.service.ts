import { Injectable } from '@nestjs/common';
import {
  AddedSerialNumbers,
  Conflict,
  firstStage,
  JumpedSerialNumbers,
  MSG,
  ok,
  Refused,
  serialNumberListError,
  SN_MSG,
  SnProduct,
  SnStageHistory,
  SnUnit,
} from '@sweepline/domain';
import { AccountCtx } from '../auth/auth-context';
import { RawReply } from '../common/envelope';
import { orConflict, refuseFirst } from '../common/refusals';
import { JumpToStageDto, SerialNumbersDto } from './dto/serial-numbers.dto';
import { SerialNumberFinder } from './serial-number-finder';
import { SerialNumbersRepository } from './serial-numbers.repository';
import { StageHistory } from './stage-history.repository';
import { StageVisits } from './stage-visits.service';

function checkList(list: readonly string[], emptyMessage?: string): void {
  const error = serialNumberListError(list, emptyMessage);
  refuseFirst(error ? [error] : []);
}

/**
 * The Serial Number screen's calls (docs/requirements/serial-numbers.md#screen, docs/requirements/serial-numbers.md#jump-to-stage, docs/requirements/serial-numbers.md#calls) with the stage rules of docs/requirements/process-control.md:
 * a new serial number starts at the product's lowest stage; a jump starts a new stage visit.
 * Every call applies whole or not at all (one transaction per request).
 */
@Injectable()
export class SerialNumbersService {
  constructor(
    private readonly repo: SerialNumbersRepository,
    private readonly finder: SerialNumberFinder,
    private readonly history: StageHistory,
    private readonly visits: StageVisits,
  ) {}

  list(acct: AccountCtx): Promise<SnProduct[]> {
    return this.repo.products(acct.accountId);
  }

  /** A live product's serial numbers with their stage and latest result (ours, the screen's rows). */
  async units(acct: AccountCtx, productId: number): Promise<SnUnit[]> {
    const product = await this.repo.product(acct.accountId, productId);
    return this.repo.units(acct.accountId, product.id);
  }

  /** Where one serial number of a product is, and its stage visits (ours, beyond docs/requirements/serial-numbers.md#screen). */
  async stageHistory(acct: AccountCtx, productId: number, sn: string): Promise<SnStageHistory> {
    if (sn === '') throw new Refused(`sn: ${MSG.enterSerialNumber}`);
    const { product, units } = await this.finder.find(acct.accountId, [sn], productId);
    const unit = units[0]!;
    const visit = await this.history.visit(acct.accountId, unit, acct.userName);
    const entries = await this.history.entries(unit.id);
    return { productId: product.id, sn: unit.sn, stageNo: visit.stageNo, finished: visit.finished, entries };
  }

  /**
   * Adds the list whole or not at all. A product without tests takes serial numbers too (they
   * are often imported first); they get their first entry when the first run needs it.
   */
  async add(acct: AccountCtx, dto: SerialNumbersDto): Promise<AddedSerialNumbers> {
    checkList(dto.sn_array);
    const product = await this.repo.product(acct.accountId, dto.product_id);
    const taken = new Set((await this.repo.inProduct(product.id, dto.sn_array)).map((unit) => unit.sn));
    const first = dto.sn_array.find((sn) => taken.has(sn));
    if (first !== undefined) throw new Conflict(SN_MSG.exists(first, product.name));
    const ids = await orConflict(
      () => this.repo.insert(acct.accountId, product.id, dto.sn_array, acct.userName),
      SN_MSG.addedMeanwhile(product.name),
    );
    const stageNo = firstStage(await this.history.stages(product.id)) ?? null;
    if (stageNo !== null) await this.repo.enterStage(acct.accountId, ids, stageNo, 'add', acct.userName);
    return { productId: product.id, snArray: dto.sn_array, stageNo };
  }

  /** Deletes serial numbers without results; one with results is refused, results are kept. */
  async remove(acct: AccountCtx, dto: SerialNumbersDto): Promise<null> {
    checkList(dto.sn_array, MSG.noSerialNumberSelected);
    const { units } = await this.finder.find(acct.accountId, dto.sn_array, dto.product_id, true);
    const tested = new Set(await this.repo.withRuns(units.map((unit) => unit.id)));
    const first = units.find((unit) => tested.has(unit.id));
    if (first) throw new Conflict(SN_MSG.hasRuns(first.sn));
    await this.repo.delete(units.map((unit) => unit.id));
    return null;
  }

  /** Jump to stage: a new visit (reason 'jump') at a stage of the product, even the current one. */
  async jump(acct: AccountCtx, dto: JumpToStageDto): Promise<RawReply> {
    checkList(dto.sn_array, MSG.noSerialNumberSelected);
    const { product, units } = await this.finder.find(acct.accountId, dto.sn_array, dto.product_id, true);
    await this.visits.jump(acct, product, units, dto.stage_no);
    const data: JumpedSerialNumbers = { productId: product.id, snArray: dto.sn_array, stageNo: dto.stage_no };
    // docs/requirements/serial-numbers.md#messages: the success message travels in msg
    return new RawReply(ok(data, MSG.jumpedToStage));
  }
}
