import type { FailureChoice, Prompter } from './prompter';

/**
 * The operator when standard input is not a terminal (a script, CI, a demo against the
 * simulators): Prompt steps and calibration connections are logged and go on at once, a Delay
 * waits, an instrument failure aborts the run (recorded), and a step that needs an answer is
 * refused before the run starts (testNeedsAnswers), since nobody could give it.
 */
export class NonInteractiveOperator implements Prompter {
  constructor(private readonly log: (line: string) => void) {}

  async acknowledge(message: string): Promise<void> {
    this.log(message);
  }

  number(message: string): Promise<number> {
    return Promise.reject(new Error(`No terminal to answer '${message}'`));
  }

  yesNo(message: string): Promise<'yes' | 'no'> {
    return Promise.reject(new Error(`No terminal to answer '${message}'`));
  }

  choose(message: string): Promise<number> {
    return Promise.reject(new Error(`No terminal to answer '${message}'`));
  }

  async onFailure(): Promise<FailureChoice> {
    return 'abort';
  }

  async countdown(seconds: number, label: string): Promise<void> {
    this.log(`${label}: waiting ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}
