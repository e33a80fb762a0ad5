import { Injectable } from '@nestjs/common';
import { NotFound, Refused, Seq } from '@sweepline/domain';
import { AccountCtx } from '../../auth/auth-context';
import { EDITOR_LIMITS, EDITOR_MSG } from '../editor-messages';
import { copiesOf, withoutStaleReferences } from '../references';
import { EditorStore } from '../editor-store.repository';
import { CopyStepsDto, DeleteStepsDto, StepOrderDto } from './dto/step.dto';
import { StepPlaces } from './step-places';
import { StepsRepository } from './steps.repository';

function refuseRepeats(ids: readonly number[]): void {
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) throw new Refused(EDITOR_MSG.stepListedTwice(id));
    seen.add(id);
  }
}

/**
 * Calls on several steps at once (docs/requirements/test-editor.md#calls): paste, reorder, delete. Reorder and delete
 * clear references that no longer name a valid earlier step (clearStaleReferences); each answers
 * the updated test.
 */
@Injectable()
export class StepListsService {
  constructor(
    private readonly store: EditorStore,
    private readonly steps: StepsRepository,
    private readonly places: StepPlaces,
  ) {}

  /** The steps of the account named by `ids`, all of one live test, in that test's order. */
  private async stepsOfOneTest(acct: AccountCtx, ids: readonly number[]) {
    refuseRepeats(ids);
    const found = await this.steps.liveSteps(acct, ids);
    if (found.length !== ids.length) throw new NotFound('Step');
    if (found.some((f) => f.seqId !== found[0]!.seqId)) throw new Refused(EDITOR_MSG.stepsOfOneTest);
    return { seqId: found[0]!.seqId, steps: found.map((f) => f.step) };
  }

  /** Paste: copies in the source test's order, after `after_step_id`, with references moved along. */
  async copy(acct: AccountCtx, dto: CopyStepsDto): Promise<Seq> {
    const loaded = await this.store.load(acct, dto.target_seq_id);
    const source = await this.stepsOfOneTest(acct, dto.source_step_id_array);
    const at = await this.places.insertionIndex(acct, loaded, dto.after_step_id);
    if (loaded.steps.length + source.steps.length > EDITOR_LIMITS.stepsPerTest) {
      throw new Refused(EDITOR_MSG.tooManySteps);
    }
    const ids = await this.store.newStepIds(source.steps.length);
    const copies = copiesOf(source.steps, ids);
    const steps = [...loaded.steps.slice(0, at), ...copies, ...loaded.steps.slice(at)];
    return this.store.commit(acct, loaded, withoutStaleReferences(steps, new Set(ids)), undefined, {
      thing: 'step',
      action: 'copy',
      thingId: ids.join(','),
    });
  }

  /** The new order must name every step of the test exactly once. */
  async reorder(acct: AccountCtx, seqId: number, dto: StepOrderDto): Promise<Seq> {
    const loaded = await this.store.load(acct, seqId);
    const byId = new Map(loaded.steps.map((step) => [step.id, step]));
    const order = dto.step_id_array;
    const isPermutation =
      order.length === byId.size && new Set(order).size === order.length && order.every((id) => byId.has(id));
    if (!isPermutation) throw new Refused(EDITOR_MSG.stepOrder);
    return this.store.commit(
      acct,
      loaded,
      withoutStaleReferences(order.map((id) => byId.get(id)!)),
      undefined,
      {
        thing: 'step',
        action: 'order',
      },
    );
  }

  async remove(acct: AccountCtx, dto: DeleteStepsDto): Promise<Seq> {
    const { seqId } = await this.stepsOfOneTest(acct, dto.step_id_array);
    const loaded = await this.store.load(acct, seqId);
    const gone = new Set(dto.step_id_array);
    const kept = loaded.steps.filter((step) => !gone.has(step.id));
    // a step deleted by another request between the look-up and the lock
    if (kept.length !== loaded.steps.length - gone.size) throw new NotFound('Step');
    return this.store.commit(acct, loaded, withoutStaleReferences(kept), undefined, {
      thing: 'step',
      action: 'delete',
      thingId: dto.step_id_array.join(','),
    });
  }
}
