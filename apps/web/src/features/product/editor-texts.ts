/**
 * Texts of the Products screen that the specification leaves open; the spec's own come from MSG
 * of @sweepline/domain. docs/web.md lists them.
 */
export const EDITOR_TEXTS = {
  selectOneStep: 'Select one step to edit',
  stepsCount: (n: number) => `${n} steps`,
  calibrationsNotSaved: 'The calibrations were not saved',
  noProducts: 'No products yet',
  noTests: 'No tests',
  noSteps: 'No steps',
  selectAStep: 'Select one step to see its parameters',
  created: 'Created',
  updated: 'Updated',
} as const;
