import { Injectable } from '@nestjs/common';
import { NotFound, Refused } from '@sweepline/domain';
import { AccountCtx } from '../../auth/auth-context';
import { EDITOR_MSG } from '../editor-messages';
import { NONE } from '../../common/ids';
import { LoadedSeq } from '../editor-store.repository';
import { StepsRepository } from './steps.repository';

/** Where new and pasted steps go: after `after_step_id`, or first for -1 (docs/requirements/test-editor.md#copy-and-paste). */
@Injectable()
export class StepPlaces {
  constructor(private readonly steps: StepsRepository) {}

  /**
   * The index the new steps take. A step of another test of the account is a mistake of the
   * caller (400); an id the account does not have is answered as not found, like any other.
   */
  async insertionIndex(acct: AccountCtx, loaded: LoadedSeq, afterStepId: number): Promise<number> {
    if (afterStepId === NONE) return 0;
    const index = loaded.steps.findIndex((step) => step.id === afterStepId);
    if (index >= 0) return index + 1;
    const [other] = await this.steps.liveSteps(acct, [afterStepId]);
    if (other) throw new Refused(EDITOR_MSG.stepNotInTest(afterStepId));
    throw new NotFound('Step');
  }
}
