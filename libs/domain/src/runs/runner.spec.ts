import { incompleteReason, RUNNER_MSG } from './runner';

describe('incompleteReason', () => {
  const step = (name: string, isCompleted: boolean, errors: string[] = []) => ({ name, isCompleted, errors });

  it('names a test without steps', () => {
    expect(incompleteReason([])).toBe('it has no steps');
  });

  it('names the first incomplete step by its position and its first error', () => {
    expect(
      incompleteReason([
        step('Delay 1 s', true),
        step('Gain Max', false, ['Start frequency: Enter a number', 'x']),
      ]),
    ).toBe('step 2 (Gain Max): Start frequency: Enter a number');
    expect(incompleteReason([step('Prompt', false)])).toBe('step 1 (Prompt) is not complete');
  });

  it('asks for a save when every step is complete but the test is not marked so', () => {
    expect(incompleteReason([step('Prompt', true)])).toBe('it must be saved again');
  });
});

describe('RUNNER_MSG', () => {
  it('says what to do', () => {
    expect(RUNNER_MSG.notComplete('Pass band', 'it has no steps')).toBe(
      'Test Pass band is not complete: it has no steps',
    );
    expect(RUNNER_MSG.testChanged).toBe('The test changed since it was downloaded: download it again');
    expect(RUNNER_MSG.notOfProduct('Pass band', 4)).toBe('Test Pass band is not a test of product 4');
    expect(RUNNER_MSG.clientRunIdUsed('r-1')).toBe('client_run_id r-1 was used for another run');
  });
});
