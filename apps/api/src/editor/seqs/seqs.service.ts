import { Injectable } from '@nestjs/common';
import {
  auditChanges,
  Calibration,
  calibrationsErrors,
  Conflict,
  Seq,
  stepAfterCalibrationChange,
  testNameDialogErrors,
} from '@sweepline/domain';
import { AccountCtx } from '../../auth/auth-context';
import { EDITOR_MSG } from '../editor-messages';
import { EditorRepository } from '../editor.repository';
import { NONE } from '../../common/ids';
import { refuseFirst } from '../../common/refusals';
import { EditorStore } from '../editor-store.repository';
import { seqOf } from '../wire';
import { CreateSeqDto, RenameSeqDto, SaveCalsDto } from './dto/seq.dto';
import { NEW_SEQ, SeqPlacement } from './seq-placement';
import { SeqsRepository } from './seqs.repository';

/** The test name dialog's rule (docs/requirements/test-editor.md#name-rule); the name as stored, trimmed. */
export function checkedSeqName(name: string): string {
  refuseFirst(testNameDialogErrors({ name }));
  return name.trim();
}

/** Only the fields of a calibration (docs/requirements/step-parameters.md#calibrations) are kept; they passed calibrationsErrors. */
function calibrationOf(cal: Calibration): Calibration {
  const { id, type, ports, startFreq_MHz, stopFreq_MHz, freqPoints, power_dBm, IFBW_Hz, smoothing } = cal;
  return { id, type, ports, startFreq_MHz, stopFreq_MHz, freqPoints, power_dBm, IFBW_Hz, smoothing };
}

/** Tests (seqs) of docs/requirements/test-editor.md#calls: add (or restore), rename, delete, calibrations. */
@Injectable()
export class SeqsService {
  constructor(
    private readonly repo: EditorRepository,
    private readonly seqs: SeqsRepository,
    private readonly store: EditorStore,
    private readonly placement: SeqPlacement,
  ) {}

  /** A new test, or the deleted test of that name restored with its steps (docs/requirements/storage.md#soft-delete). */
  async create(acct: AccountCtx, dto: CreateSeqDto): Promise<Seq> {
    const name = checkedSeqName(dto.name);
    await this.repo.lockProduct(acct, dto.product_id);
    const same = await this.seqs.sameName(dto.product_id, name);
    if (same && !same.deleted) throw new Conflict(EDITOR_MSG.testExists(name));
    const current = dto.current_seq_id ?? NONE;
    const numbers = await this.placement.place(acct, dto.product_id, same?.id ?? NEW_SEQ, current);
    await this.store.touchProduct(acct, dto.product_id);
    if (!same) return seqOf(await this.store.insertSeq(acct, dto.product_id, name, numbers), []);
    await this.store.restoreSeq(acct, same.id, name, numbers);
    return this.repo.seq(same.id);
  }

  async rename(acct: AccountCtx, seqId: number, dto: RenameSeqDto): Promise<Seq> {
    const name = checkedSeqName(dto.name);
    const loaded = await this.store.load(acct, seqId);
    const same = await this.seqs.sameName(loaded.row.product_id, name, seqId);
    if (same) {
      // renaming onto a deleted test's name would hide that test for good
      throw new Conflict((same.deleted ? EDITOR_MSG.deletedTestExists : EDITOR_MSG.testExists)(name));
    }
    await this.store.renameSeq(seqId, name);
    return this.store.commit(acct, { ...loaded, row: { ...loaded.row, name } }, loaded.steps, undefined, {
      thing: 'test',
      action: 'rename',
      changes: auditChanges({ name: loaded.row.name }, { name }),
    });
  }

  /** Soft delete: adding a test of the same name to the product restores it. */
  async remove(acct: AccountCtx, seqId: number): Promise<null> {
    const loaded = await this.store.load(acct, seqId);
    await this.store.deleteSeq(acct, seqId);
    await this.store.touchProduct(acct, loaded.row.product_id);
    return null;
  }

  /**
   * The calibration dialog's list, refused whole when calibrationsErrors finds anything (these
   * are dialog errors, not step errors). The server then clears the S parameters and calibrations
   * of steps that the new list no longer offers, so every client sees the same test.
   */
  async saveCals(acct: AccountCtx, seqId: number, dto: SaveCalsDto): Promise<Seq> {
    refuseFirst(calibrationsErrors(dto.cals));
    const cals = (dto.cals as Calibration[]).map(calibrationOf);
    const loaded = await this.store.load(acct, seqId);
    const steps = loaded.steps.map((step) => stepAfterCalibrationChange(step, cals));
    return this.store.commit(acct, loaded, steps, cals, { thing: 'calibration', action: 'update' });
  }
}
