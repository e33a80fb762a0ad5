import { Injectable } from '@nestjs/common';
import {
  defaultParam,
  findAction,
  nameError,
  paramAfterTypeChange,
  paramShapeErrors,
  Refused,
  Seq,
  Step,
  stepDialogErrors,
  StepParam,
} from '@sweepline/domain';
import { AccountCtx } from '../../auth/auth-context';
import { EDITOR_LIMITS, EDITOR_MSG } from '../editor-messages';
import { refuseFirst } from '../../common/refusals';
import { EditorStore } from '../editor-store.repository';
import { AddStepDto, StepDialogDto, StepParamDto } from './dto/step.dto';
import { StepPlaces } from './step-places';

/** The step dialog's rules (docs/requirements/test-editor.md#name-rule: 'Choose type', 'Input name', the name rule). */
function checkedDialog(dto: StepDialogDto): { name: string } {
  const name = dto.name ?? '';
  refuseFirst(
    stepDialogErrors({
      instrumentId: dto.instrument_id,
      actionId: dto.action_id,
      isDefaultName: dto.is_default_name,
      name,
    }),
    { actionId: 'action_id' },
  );
  return { name: name.trim() };
}

/**
 * Adding, editing and parameterising one step (docs/requirements/test-editor.md#calls). Each answers the updated test,
 * recomputed by EditorStore.commit: default names, completeness, the test's asterisk.
 */
@Injectable()
export class StepsService {
  constructor(
    private readonly store: EditorStore,
    private readonly places: StepPlaces,
  ) {}

  async add(acct: AccountCtx, dto: AddStepDto): Promise<Seq> {
    const { name } = checkedDialog(dto);
    const loaded = await this.store.load(acct, dto.seq_id);
    const at = await this.places.insertionIndex(acct, loaded, dto.after_step_id);
    if (loaded.steps.length >= EDITOR_LIMITS.stepsPerTest) throw new Refused(EDITOR_MSG.tooManySteps);
    const [id] = await this.store.newStepIds(1);
    const step: Step = {
      id: id!,
      // a default name is made from the params by the recompute in commit
      name: dto.is_default_name ? '' : name,
      isDefaultName: dto.is_default_name,
      instrumentId: dto.instrument_id,
      actionId: dto.action_id,
      param: defaultParam(dto.action_id),
      isCompleted: false,
      errors: [],
    };
    const steps = [...loaded.steps.slice(0, at), step, ...loaded.steps.slice(at)];
    return this.store.commit(acct, loaded, steps, undefined, {
      thing: 'step',
      action: 'create',
      thingId: step.id,
    });
  }

  /** The step dialog on an existing step: a new type resets the params (docs/requirements/step-parameters.md#defaults-on-type-change). */
  async edit(acct: AccountCtx, stepId: number, dto: StepDialogDto): Promise<Seq> {
    const { name } = checkedDialog(dto);
    const loaded = await this.store.loadByStep(acct, stepId);
    const before = loaded.steps[loaded.index]!;
    const after = { instrumentId: dto.instrument_id, actionId: dto.action_id };
    const step: Step = {
      ...before,
      ...after,
      name: dto.is_default_name ? before.name : name,
      isDefaultName: dto.is_default_name,
      param: paramAfterTypeChange(before, after),
    };
    return this.store.commit(acct, loaded, replaced(loaded.steps, loaded.index, step), undefined, {
      thing: 'step',
      action: 'update',
      thingId: stepId,
    });
  }

  /**
   * The parameter panel's save. The param must have its action's shape (the wire contract), but
   * values the rules refuse are stored: they make the step incomplete, with its errors, as the
   * editor shows them (docs/requirements/test-editor.md#step-tools: the asterisk and its tooltip).
   */
  async saveParam(acct: AccountCtx, stepId: number, dto: StepParamDto): Promise<Seq> {
    if (JSON.stringify(dto.param).length > EDITOR_LIMITS.paramChars)
      throw new Refused(EDITOR_MSG.paramTooLarge);
    const loaded = await this.store.loadByStep(acct, stepId);
    const before = loaded.steps[loaded.index]!;
    const kind = findAction(before.actionId)?.paramKind;
    const [shapeError] = kind ? paramShapeErrors(kind, dto.param) : [];
    if (shapeError) throw new Refused(`param.${shapeError.field}: ${shapeError.message}`);
    let name = before.name;
    if (!before.isDefaultName && dto.name !== undefined) {
      refuseFirst(nameErrors(dto.name));
      name = dto.name.trim();
    }
    const step: Step = { ...before, name, param: dto.param as unknown as StepParam };
    return this.store.commit(acct, loaded, replaced(loaded.steps, loaded.index, step), undefined, {
      thing: 'step',
      action: 'param',
      thingId: stepId,
    });
  }
}

function replaced(steps: readonly Step[], index: number, step: Step): Step[] {
  return steps.map((s, i) => (i === index ? step : s));
}

function nameErrors(name: string) {
  const message = nameError(name);
  return message ? [{ field: 'name', message }] : [];
}
