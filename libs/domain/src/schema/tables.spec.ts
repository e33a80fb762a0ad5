import { DISTRIBUTION_PLAN, SCHEMA_TABLES } from './tables';

describe('the schema tables', () => {
  it('places each table once', () => {
    expect(new Set(SCHEMA_TABLES).size).toBe(SCHEMA_TABLES.length);
  });

  it('lists every placing', () => {
    const placed = Object.values(DISTRIBUTION_PLAN).reduce((n, tables) => n + tables.length, 0);
    expect(SCHEMA_TABLES).toHaveLength(placed);
    expect(SCHEMA_TABLES).toEqual(expect.arrayContaining(['account', 'run', 'migrations']));
  });
});
