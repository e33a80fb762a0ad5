export * from './test-export.types';
export * from './step-references';
export * from './export-tests';
export * from './test-export-errors';
