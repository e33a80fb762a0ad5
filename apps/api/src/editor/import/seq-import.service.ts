import { Injectable } from '@nestjs/common';
import {
  auditChanges,
  Conflict,
  exportedProductErrors,
  ImportTestAnswer,
  PROCESS_CONTROL_MSG,
  Step,
} from '@sweepline/domain';
import { AccountCtx } from '../../auth/auth-context';
import { refuseFirst } from '../../common/refusals';
import { EditorRepository } from '../editor.repository';
import { copiesOf } from '../references';
import { LoadedSeq, EditorStore } from '../editor-store.repository';
import { ProductsRepository } from '../products/products.repository';
import { ProductsService } from '../products/products.service';
import { SeqsRepository } from '../seqs/seqs.repository';
import { ImportTestDto } from './seq-import.dto';

/**
 * `sweepline test import` (issue 15): a test of the export file created or updated by name, in
 * the request's one transaction, so a test is imported whole or not at all. The product is found
 * by name (without case), else created (or a deleted one restored, as POST /product does); its
 * model and info follow the file. The test keeps its id when it exists; its steps and
 * calibrations are replaced by the file's and recomputed like any editor change.
 */
@Injectable()
export class SeqImportService {
  constructor(
    private readonly productRows: ProductsRepository,
    private readonly repo: EditorRepository,
    private readonly products: ProductsService,
    private readonly seqs: SeqsRepository,
    private readonly store: EditorStore,
  ) {}

  async import(acct: AccountCtx, dto: ImportTestDto): Promise<ImportTestAnswer> {
    // the domain checks a product of the file; here its one test is `test`, the rest `product`
    refuseFirst(
      exportedProductErrors({ ...dto.product, tests: [dto.test] }).map((e) => ({
        ...e,
        field: e.field.startsWith('tests[0]') ? e.field.replace('tests[0]', 'test') : `product.${e.field}`,
      })),
    );
    const productId = await this.productFor(acct, dto.product);
    await this.repo.lockProduct(acct, productId);
    const { test } = dto;
    const name = test.name.trim();
    const same = await this.seqs.sameName(productId, name);
    const liveId = same && !same.deleted ? same.id : undefined;
    const numbers = { stageNo: test.stageNo, testNo: test.testNo };
    const holder = (await this.repo.seqNumbers(productId)).find(
      (s) => s.id !== same?.id && s.stageNo === numbers.stageNo && s.testNo === numbers.testNo,
    );
    if (holder)
      throw new Conflict(
        `test: ${PROCESS_CONTROL_MSG.duplicate(numbers.stageNo, numbers.testNo)} (by another test of the product)`,
      );
    let loaded: LoadedSeq;
    if (liveId !== undefined) {
      loaded = await this.store.load(acct, liveId);
      await this.store.renameSeq(liveId, name);
      await this.store.writeNumbers(acct, [{ id: liveId, ...numbers }], 'import');
    } else if (same) {
      await this.store.restoreSeq(acct, same.id, name, numbers);
      loaded = await this.store.load(acct, same.id);
    } else {
      loaded = { row: await this.store.insertSeq(acct, productId, name, numbers, [], 'import'), steps: [] };
    }
    const keyed: Step[] = test.steps.map((step) => ({
      id: step.number,
      name: step.isDefaultName ? '' : step.name.trim(),
      isDefaultName: step.isDefaultName,
      instrumentId: step.instrumentId,
      actionId: step.actionId,
      param: step.param,
      isCompleted: false,
      errors: [],
    }));
    const steps = copiesOf(keyed, await this.store.newStepIds(keyed.length));
    const row = { ...loaded.row, name, stage_no: numbers.stageNo, test_no: numbers.testNo };
    const seq = await this.store.commit(acct, { ...loaded, row }, steps, test.calibrations, {
      thing: 'test',
      action: 'import',
      changes: auditChanges({ name: loaded.row.name }, { name }),
    });
    return {
      productId,
      seqId: seq.id,
      action: liveId !== undefined ? 'updated' : 'created',
      isCompleted: seq.isCompleted,
    };
  }

  /** The live product of that name, its model and info set from the file; else a new (or restored) one. */
  private async productFor(acct: AccountCtx, product: ImportTestDto['product']): Promise<number> {
    const live = await this.productRows.liveByName(acct.accountId, product.name.trim());
    if (!live) return (await this.products.create(acct, product)).id;
    if (live.model !== product.model.trim() || live.info !== product.info.trim()) {
      await this.products.update(acct, live.id, product);
    }
    return live.id;
  }
}
