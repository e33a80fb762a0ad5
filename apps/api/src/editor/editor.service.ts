import { Injectable } from '@nestjs/common';
import type { Step } from '@sweepline/domain';
import { EditorStore } from './editor-store.repository';

/** What other features ask of the editor: the runner downloads a test's steps. */
@Injectable()
export class EditorService {
  constructor(private readonly store: EditorStore) {}

  /** A test's steps in order, as the editor stored them. */
  steps(seqId: number): Promise<Step[]> {
    return this.store.steps(seqId);
  }
}
