/**
 * Limits and refusals of the test editor that the specifications leave open (docs/requirements/test-editor.md#calls
 * shows the calls, not their failures). docs/api/editor.md lists them.
 */
export const EDITOR_LIMITS = {
  /** Ours: a test longer than this is no longer a test plan a person edits step by step. */
  stepsPerTest: 500,
  /** Characters of one step's param as JSON; a full Align step (9 x 9 x 9 items) needs about 110 000. */
  paramChars: 256 * 1024,
  /** Every stage-test pair of a product: 99 x 99 (docs/requirements/test-editor.md#limits). */
  seqsPerProduct: 99 * 99,
} as const;

export const EDITOR_MSG = {
  productExists: (name: string) => `A product named ${name} already exists`,
  deletedProductExists: (name: string) =>
    `A deleted product is named ${name}: add a product with that name to restore it`,
  testExists: (name: string) => `A test named ${name} already exists`,
  deletedTestExists: (name: string) =>
    `A deleted test is named ${name}: add a test with that name to restore it`,
  tooManySteps: `Up to ${EDITOR_LIMITS.stepsPerTest} steps in a test`,
  paramTooLarge: 'The step parameters are too large',
  noFreeNumber: 'No free stage-test number is left in this product',
  stepOrder: 'The step order must list every step of the test exactly once',
  stepsOfOneTest: 'The steps must all belong to one test',
  stepNotInTest: (id: number) => `Step ${id} is not a step of this test`,
  stepListedTwice: (id: number) => `Step ${id} is listed more than once`,
  testNotInProduct: (id: number) => `Test ${id} is not a test of this product`,
  testListedTwice: (id: number) => `Test ${id} is listed more than once`,
} as const;
