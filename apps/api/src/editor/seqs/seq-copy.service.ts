import { Injectable } from '@nestjs/common';
import { copyName, Seq } from '@sweepline/domain';
import { AccountCtx } from '../../auth/auth-context';
import { EditorRepository } from '../editor.repository';
import { NONE } from '../../common/ids';
import { copiesOf, withoutStaleReferences } from '../references';
import { EditorStore } from '../editor-store.repository';
import { CopySeqDto } from './dto/seq.dto';
import { NEW_SEQ, SeqPlacement } from './seq-placement';
import { checkedSeqName } from './seqs.service';
import { SeqsRepository } from './seqs.repository';

/**
 * Test paste (docs/requirements/test-editor.md#copy-and-paste): a copy of a test of the account, with new steps whose Diff and
 * depending-step references follow the copies, and its calibrations, placed in the target product
 * like a new test.
 */
@Injectable()
export class SeqCopyService {
  constructor(
    private readonly repo: EditorRepository,
    private readonly seqs: SeqsRepository,
    private readonly store: EditorStore,
    private readonly placement: SeqPlacement,
  ) {}

  async copy(acct: AccountCtx, dto: CopySeqDto): Promise<Seq> {
    const wanted = dto.new_seq_name?.trim() ? checkedSeqName(dto.new_seq_name) : undefined;
    await this.repo.lockProduct(acct, dto.to_product_id);
    const source = await this.store.readLive(acct, dto.from_seq_id);
    const name = await this.nameOfCopy(dto.to_product_id, source.row.name, wanted);
    const current = dto.current_seq_id ?? NONE;
    const numbers = await this.placement.place(acct, dto.to_product_id, NEW_SEQ, current);
    const row = await this.store.insertSeq(acct, dto.to_product_id, name, numbers, source.row.cals, 'copy');
    const ids = await this.store.newStepIds(source.steps.length);
    const steps = withoutStaleReferences(copiesOf(source.steps, ids));
    return this.store.commit(acct, { row, steps: [] }, steps, undefined, { thing: 'test', action: 'copy' });
  }

  /** The wanted name when no test of the product holds it, else copyName's (docs/requirements/test-editor.md#default-names). */
  private async nameOfCopy(
    productId: number,
    sourceName: string,
    wanted: string | undefined,
  ): Promise<string> {
    const names = await this.seqs.names(productId);
    const taken = (name: string) => names.some((n) => n.toLowerCase() === name.toLowerCase());
    return wanted !== undefined && !taken(wanted) ? wanted : copyName(sourceName, names);
  }
}
