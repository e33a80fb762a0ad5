import { Injectable } from '@nestjs/common';
import { nextSeqNumbers, placeSeq, Refused, StageTest } from '@sweepline/domain';
import { AccountCtx } from '../../auth/auth-context';
import { EDITOR_MSG } from '../editor-messages';
import { EditorRepository } from '../editor.repository';
import { EditorStore } from '../editor-store.repository';

/** The id a test not yet inserted goes by while it is placed; no row has it. */
export const NEW_SEQ = 0;

/**
 * Stage-test numbers of a new, pasted or restored test (docs/requirements/test-editor.md#copy-and-paste): right after the
 * current test, the later tests of that stage shifting up by one as far as the next free number,
 * past 99 refused (nextSeqNumbers, placeSeq). The caller holds the product's lock.
 */
@Injectable()
export class SeqPlacement {
  constructor(
    private readonly repo: EditorRepository,
    private readonly store: EditorStore,
  ) {}

  async place(acct: AccountCtx, productId: number, seqId: number, currentSeqId: number): Promise<StageTest> {
    const seqs = (await this.repo.seqNumbers(productId)).filter((s) => s.id !== seqId);
    const numbers = nextSeqNumbers(seqs, currentSeqId);
    if (!numbers) throw new Refused(EDITOR_MSG.noFreeNumber);
    const placed = placeSeq(seqs, { id: seqId, ...numbers });
    if (!placed.ok) throw new Refused(placed.error);
    const before = new Map(seqs.map((s) => [s.id, s]));
    const shifted = placed.seqs.filter((s) => {
      const old = before.get(s.id);
      return old !== undefined && (old.stageNo !== s.stageNo || old.testNo !== s.testNo);
    });
    await this.store.writeNumbers(acct, shifted, 'shift');
    return numbers;
  }
}
