import { SingleBar } from 'cli-progress';
import pc from 'picocolors';
import type { StepResult } from '@sweepline/domain';
import { RunAborted, type FailureChoice, type Prompter, type RunReporter } from './prompter';
import { rowLine, type RowMarks } from './row-line';

/**
 * The operator's terminal (docs/requirements/runner.md#on-the-lab-pc): questions by @inquirer/prompts, progress
 * by a cli-progress bar, colours by picocolors. On a terminal the bar shows the step being run
 * and is put away while a question waits for the operator; when standard output is not a
 * terminal every event is one plain log line. Ctrl-C inside a question aborts the run.
 */
type Inquirer = typeof import('@inquirer/prompts');

export interface TerminalOptions {
  readonly signal: AbortSignal;
  /** Standard output is a terminal: a progress bar and colours (unless NO_COLOR). */
  readonly tty: boolean;
  readonly write?: (text: string) => void;
}

export class TerminalUi implements Prompter, RunReporter {
  private bar: SingleBar | undefined;
  private inquirer: Inquirer | undefined;
  private readonly write: (text: string) => void;
  private current = '';

  constructor(private readonly options: TerminalOptions) {
    this.write = options.write ?? ((text) => process.stdout.write(text));
  }

  get color(): boolean {
    return this.options.tty && !process.env['NO_COLOR'];
  }

  private line(text: string): void {
    this.write(`${text}\n`);
  }

  // ---- reporter ----

  stepStarted(index: number, count: number, name: string): void {
    this.current = name;
    // the plain log says a step once, when it has finished (stepFinished)
    if (!this.options.tty) return;
    if (!this.bar) {
      this.bar = new SingleBar({
        format: ' {bar} {value}/{total}  {step}',
        barCompleteChar: '█',
        barIncompleteChar: '░',
        hideCursor: false,
        clearOnComplete: true,
        stream: process.stdout,
      });
      this.bar.start(count, index - 1, { step: name });
    } else this.bar.update(index - 1, { step: name });
  }

  stepFinished(
    index: number,
    count: number,
    _passed: boolean | undefined,
    rows: readonly StepResult[] = [],
  ): void {
    const marks: RowMarks = { pass: this.paint('pass', 'green'), fail: this.paint('FAIL', 'red') };
    const lines = rows.flatMap((row) => rowLine(index, count, row, marks) ?? []);
    if (this.options.tty) {
      this.bar?.update(index, { step: this.current });
      if (index === count) this.stopBar();
      for (const line of lines) this.above(`  ${line}`);
    } else if (lines.length === 0) this.line(`[${index}/${count}] ${this.current}`);
    else for (const line of lines) this.line(line);
  }

  info(text: string): void {
    if (this.options.tty) this.above(`  ${text}`);
    else this.line(text);
  }

  /** Text above the bar: the bar is stopped, the line written, and it comes back with the next step. */
  private above(text: string): void {
    this.stopBar();
    this.line(text);
  }

  stopBar(): void {
    if (!this.bar) return;
    this.bar.stop();
    this.bar = undefined;
  }

  private paint(text: string, colour: 'green' | 'red' | 'yellow'): string {
    return this.color ? pc[colour](text) : text;
  }

  // ---- prompter ----

  private async ask<T>(question: (q: Inquirer, context: { signal: AbortSignal }) => Promise<T>): Promise<T> {
    this.stopBar();
    this.inquirer ??= await import('@inquirer/prompts');
    try {
      return await question(this.inquirer, { signal: this.options.signal });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'ExitPromptError' || name === 'AbortPromptError') throw new RunAborted();
      throw error;
    }
  }

  async acknowledge(message: string): Promise<void> {
    await this.ask((q, c) => q.input({ message: `${message}  (Enter to go on)` }, c));
  }

  number(message: string): Promise<number> {
    return this.ask(async (q, c) => {
      const value = await q.number({ message, required: true, step: 'any' }, c);
      return value as number;
    });
  }

  yesNo(message: string): Promise<'yes' | 'no'> {
    return this.ask((q, c) =>
      q.select<'yes' | 'no'>(
        {
          message,
          choices: [
            { name: 'Yes', value: 'yes' },
            { name: 'No', value: 'no' },
          ],
        },
        c,
      ),
    );
  }

  choose(message: string, options: readonly string[]): Promise<number> {
    return this.ask((q, c) =>
      q.select<number>({ message, choices: options.map((name, value) => ({ name, value })) }, c),
    );
  }

  onFailure(_message: string): Promise<FailureChoice> {
    return this.ask((q, c) =>
      q.select<FailureChoice>(
        {
          message: 'What now?',
          choices: [
            { name: 'Retry the step', value: 'retry' },
            { name: 'Skip the step (recorded as failed)', value: 'skip' },
            { name: 'Abort the run', value: 'abort' },
          ],
        },
        c,
      ),
    );
  }

  async countdown(seconds: number, label: string): Promise<void> {
    this.stopBar();
    const signal = this.options.signal;
    for (let left = Math.ceil(seconds); left > 0; left--) {
      if (this.options.tty) this.write(`\r  ${label}: ${left} s `);
      else if (left === Math.ceil(seconds)) this.line(`${label}: waiting ${left} s`);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          signal.removeEventListener('abort', stop);
          resolve();
        }, 1000);
        const stop = () => {
          clearTimeout(timer);
          reject(new RunAborted());
        };
        if (signal.aborted) stop();
        else signal.addEventListener('abort', stop, { once: true });
      });
    }
    if (this.options.tty) this.write(`\r  ${label}: done   \n`);
  }
}
