import { readFileSync } from 'node:fs';
import { catalogueMarkdown, cataloguePath } from './catalogue-doc';

describe('docs/catalogue.md', () => {
  it('matches the catalogue in libs/domain (regenerate with npx tsx tools/catalogue-doc.ts)', () => {
    expect(readFileSync(cataloguePath, 'utf8')).toBe(catalogueMarkdown());
  });

  it('lists every action with its id', () => {
    expect(catalogueMarkdown()).toContain('| 127 | NA | Measurement Difference | Diff | diff |');
  });
});
