import type { FamilyCase, NaFixture } from './na-case-inputs';
import { gatingCases } from './na-gating-cases';
import { measurementCases } from './na-measure-cases';
import { storageCases } from './na-storage-cases';
import { connectNa, startTestSimulator } from './sim-fixture';

/** Every command path of a network-analyzer driver against its simulator, over a real socket. */
export function describeNetworkAnalyzer(c: FamilyCase): void {
  describe(`${c.family} driver against its simulator`, () => {
    const f = {} as NaFixture;

    beforeEach(async () => {
      f.sim = await startTestSimulator(c.family);
      f.na = await connectNa(f.sim);
    });

    afterEach(async () => {
      await f.na.close();
      await f.sim.close();
    });

    measurementCases(c, f);
    storageCases(c, f);
    gatingCases(f);
  });
}
