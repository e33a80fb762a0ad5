import type { StepResult } from '@sweepline/domain';

/**
 * What the runner asks the operator (docs/requirements/runner.md#on-the-lab-pc). The terminal implementation
 * uses @inquirer/prompts (terminal-prompter.ts); tests script the answers. Every question may be
 * cut short by Ctrl-C, which rejects it with RunAborted.
 */
export type FailureChoice = 'retry' | 'skip' | 'abort';

export interface Prompter {
  /** A Prompt step or a calibration connection: the operator reads it, does it, and presses Enter. */
  acknowledge(message: string): Promise<void>;
  /** Manual Test: a number typed by the operator; the message names its unit and limits. */
  number(message: string): Promise<number>;
  /** Question: yes or no. */
  yesNo(message: string): Promise<'yes' | 'no'>;
  /** Multiple Choice: the index of the option picked. */
  choose(message: string, options: readonly string[]): Promise<number>;
  /** An instrument failed a step: retry it, skip it (recorded as failed), or abort the run. */
  onFailure(message: string): Promise<FailureChoice>;
  /** Delay: waits the seconds, showing what is left. */
  countdown(seconds: number, label: string): Promise<void>;
}

/** Thrown when the operator stops the run (Ctrl-C, or Abort after a failure). */
export class RunAborted extends Error {
  override readonly name = 'RunAborted';

  constructor(readonly reason = 'The operator aborted the run') {
    super(reason);
  }
}

/** What the runner tells the operator while it works (terminal-reporter.ts). */
export interface RunReporter {
  stepStarted(index: number, count: number, name: string): void;
  /** A line worth reading: a measured value, a skipped step, a calibration done. */
  info(text: string): void;
  /** `rows`: the step's result rows, each shown with its value and limits (row-line.ts). */
  stepFinished(index: number, count: number, passed: boolean | undefined, rows?: readonly StepResult[]): void;
}

export const SILENT_REPORTER: RunReporter = {
  stepStarted: () => undefined,
  info: () => undefined,
  stepFinished: () => undefined,
};
