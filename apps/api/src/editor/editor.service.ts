import { Injectable } from '@nestjs/common';
import type { Step } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { EditorStore, LoadedSeq } from './editor-store.repository';

/** What other features ask of the editor: the runner downloads a test's steps; releases lock a test. */
@Injectable()
export class EditorService {
  constructor(private readonly store: EditorStore) {}

  /** A test's steps in order, as the editor stored them. */
  steps(seqId: number): Promise<Step[]> {
    return this.store.steps(seqId);
  }

  /**
   * A live test of the account with its steps, its product locked for the request as every
   * editor write locks it: a release snapshots the draft no edit can change meanwhile.
   */
  lock(acct: AccountCtx, seqId: number): Promise<LoadedSeq> {
    return this.store.load(acct, seqId);
  }
}
