import { Injectable } from '@nestjs/common';
import { NotFound, Product, Refused, SeqNumbers, validateProcessControl } from '@sweepline/domain';
import { AccountCtx } from '../../auth/auth-context';
import { EDITOR_MSG } from '../editor-messages';
import { EditorRepository } from '../editor.repository';
import { EditorStore } from '../editor-store.repository';
import { ProcessControlDto } from './dto/seq.dto';
import { SeqsRepository } from './seqs.repository';

/**
 * The process-control dialog (docs/requirements/test-editor.md#test-tools, docs/requirements/test-editor.md#process-control-dialog): stage and test numbers of a product's
 * tests, checked with validateProcessControl over the whole product (the tests left out keep
 * theirs) and written in one statement, so the product never holds a half-applied numbering.
 */
@Injectable()
export class ProcessControlService {
  constructor(
    private readonly repo: EditorRepository,
    private readonly seqs: SeqsRepository,
    private readonly store: EditorStore,
  ) {}

  async apply(acct: AccountCtx, productId: number, dto: ProcessControlDto): Promise<Product> {
    await this.repo.lockProduct(acct, productId);
    const current = new Map((await this.repo.seqNumbers(productId)).map((s) => [s.id, s]));
    const listed = new Set<number>();
    for (const { seq_id } of dto.seq_array) {
      if (listed.has(seq_id)) throw new Refused(EDITOR_MSG.testListedTwice(seq_id));
      listed.add(seq_id);
      if (current.has(seq_id)) continue;
      if (await this.seqs.isLive(acct, seq_id)) throw new Refused(EDITOR_MSG.testNotInProduct(seq_id));
      throw new NotFound('Test');
    }
    const unlisted = [...current.values()].filter((s) => !listed.has(s.id));
    const rows = [
      ...dto.seq_array,
      ...unlisted.map((s) => ({ seq_id: s.id, stage_no: s.stageNo, test_no: s.testNo })),
    ];
    // the listed rows come first, so a refused row is always one the caller sent
    const errors = validateProcessControl(rows);
    const index = errors.findIndex((message) => message !== undefined);
    if (index >= 0) throw new Refused(`seq_array[${index}]: ${errors[index]}`);
    const changes: SeqNumbers[] = dto.seq_array
      .filter(
        (r) => current.get(r.seq_id)?.stageNo !== r.stage_no || current.get(r.seq_id)?.testNo !== r.test_no,
      )
      .map((r) => ({ id: r.seq_id, stageNo: r.stage_no, testNo: r.test_no }));
    await this.store.writeNumbers(acct, changes);
    await this.store.touchProduct(acct, productId);
    return this.repo.product(acct, productId);
  }
}
