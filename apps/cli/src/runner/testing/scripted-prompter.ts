import type { FailureChoice, Prompter, RunReporter } from '../prompter';

/**
 * An operator whose answers are written in the test: what each question kind answers, and what
 * to do after an instrument failure. Every question and report is recorded for assertions.
 */
export interface Answers {
  number?: number;
  yesNo?: 'yes' | 'no';
  choice?: number;
  /** Called on each failure with its message; default: abort. */
  onFailure?: (message: string) => FailureChoice | Promise<FailureChoice>;
  /** Called on each acknowledgement (a Prompt step or a calibration connection). */
  onAcknowledge?: (message: string) => void | Promise<void>;
}

export class ScriptedOperator implements Prompter, RunReporter {
  readonly asked: string[] = [];
  readonly failures: string[] = [];
  readonly lines: string[] = [];

  constructor(private readonly answers: Answers = {}) {}

  async acknowledge(message: string): Promise<void> {
    this.asked.push(message);
    await this.answers.onAcknowledge?.(message);
  }

  async number(message: string): Promise<number> {
    this.asked.push(message);
    return this.answers.number ?? 5;
  }

  async yesNo(message: string): Promise<'yes' | 'no'> {
    this.asked.push(message);
    return this.answers.yesNo ?? 'yes';
  }

  async choose(message: string): Promise<number> {
    this.asked.push(message);
    return this.answers.choice ?? 0;
  }

  async onFailure(message: string): Promise<FailureChoice> {
    this.failures.push(message);
    return (await this.answers.onFailure?.(message)) ?? 'abort';
  }

  async countdown(seconds: number, label: string): Promise<void> {
    this.asked.push(`${label}: ${seconds} s`);
  }

  stepStarted(index: number, count: number, name: string): void {
    this.lines.push(`[${index}/${count}] ${name}`);
  }

  info(text: string): void {
    this.lines.push(text);
  }

  stepFinished(): void {}
}
