import { keepEditsOverAnswer, type StepParam } from '@sweepline/domain';
import type { ParamDraft } from '../product.atoms';

/**
 * The draft once a save of `sent` is answered with `answered` (the step's param in the reply),
 * `latest` being the draft now. Nothing edited since: no draft, the form shows the answer. Edited
 * since: the typed keys stay over the answer (`keepEditsOverAnswer`), so they are never lost and
 * the next save sends them; when the answer already holds every edit, nothing is left to save.
 * Another step's draft, or one whose step the answer lacks, is left as it is.
 */
export function draftAfterAnswer(
  sent: ParamDraft,
  latest: ParamDraft | undefined,
  answered: StepParam | undefined,
): ParamDraft | undefined {
  if (latest === sent) return undefined;
  if (latest?.stepId !== sent.stepId || !answered) return latest;
  const param = keepEditsOverAnswer(sent.param, latest.param, answered);
  return param === answered ? undefined : { ...latest, param };
}
