import { CONTAINMENT_CSV_HEADER, containmentCsv } from './containment-csv';
import type { ContainmentRunRow } from './containment.repository';

const row = (over: Partial<ContainmentRunRow>): ContainmentRunRow => ({
  runId: 9,
  runNo: 1,
  seqName: 'Pass band',
  startTime: '2026-03-04T10:00:00.123Z',
  result: 1,
  station: 'LAB-1',
  operator: 'Olga',
  snId: 1,
  sn: 'U1',
  productId: 2,
  productName: 'Filter',
  stageNo: 10,
  finished: false,
  ...over,
});

describe('containmentCsv', () => {
  it('writes one line per run with its unit’s status now, its UTC start to the second and its result in words', () => {
    const lines = containmentCsv([
      row({}),
      row({ runId: 8, result: 0, stageNo: null, finished: true, station: null }),
      row({ runId: 7, result: -1, stageNo: null, finished: false }),
    ]).split('\r\n');
    expect(lines).toEqual([
      CONTAINMENT_CSV_HEADER.join(','),
      'U1,Filter,stage 10,2026-03-04 10:00:00,1,Pass band,Passed,LAB-1,Olga,9',
      'U1,Filter,finished,2026-03-04 10:00:00,1,Pass band,Failed,,Olga,8',
      'U1,Filter,,2026-03-04 10:00:00,1,Pass band,Aborted,LAB-1,Olga,7',
      '',
    ]);
  });

  it('quotes what needs it and makes a formula text', () => {
    const [, line] = containmentCsv([
      row({ productName: 'Filter, "wide"', seqName: '=HYPERLINK("x")', operator: '@Olga' }),
    ]).split('\r\n');
    expect(line).toBe(
      `U1,"Filter, ""wide""",stage 10,2026-03-04 10:00:00,1,"'=HYPERLINK(""x"")",Passed,LAB-1,'@Olga,9`,
    );
  });
});
