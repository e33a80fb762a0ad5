import type { AuditRow } from '../api/audit';
import { auditCsv, type AuditCsvRow } from './audit-csv';

const row = (over: Partial<AuditCsvRow>): AuditCsvRow => ({
  id: 1,
  at: '2026-11-29T22:30:00.000Z',
  userId: 4,
  userName: 'Ada',
  thing: 'step',
  thingId: '12',
  productId: 3,
  seqId: 7,
  action: 'update',
  changes: [],
  prevHash: '0'.repeat(64),
  hash: 'f'.repeat(64),
  productName: 'BPF-600',
  seqName: 'Final',
  ...over,
});

describe('auditCsv', () => {
  it('writes one line per changed field, times local to the zone offset', () => {
    const changes: AuditRow['changes'] = [
      { field: 'name', from: 'IL', to: 'Insertion loss' },
      { field: 'param', from: { max: 1.2 }, to: { max: 1.5, min: null } },
    ];
    expect(auditCsv([row({ changes })], 2).split('\r\n')).toEqual([
      'time,user,thing,id,product,test,action,field,from,to',
      '2026-11-30 00:30:00,Ada,step,12,BPF-600,Final,update,name,IL,Insertion loss',
      '2026-11-30 00:30:00,Ada,step,12,BPF-600,Final,update,param,"{""max"":1.2}","{""max"":1.5,""min"":null}"',
      '',
    ]);
  });

  it('writes a row without changed fields as one line, and no name as an empty cell', () => {
    const csv = auditCsv(
      [row({ action: 'delete', productName: null, seqName: null, thing: 'api_token' })],
      0,
    );
    expect(csv.split('\r\n')[1]).toBe('2026-11-29 22:30:00,Ada,api_token,12,,,delete,,,');
  });

  it("keeps a user's formula-like text from running in a spreadsheet", () => {
    const csv = auditCsv(
      [row({ userName: '=HYPERLINK("x")', changes: [{ field: 'name', from: null, to: '+1' }] })],
      0,
    );
    expect(csv.split('\r\n')[1]).toBe(
      `2026-11-29 22:30:00,"'=HYPERLINK(""x"")",step,12,BPF-600,Final,update,name,,'+1`,
    );
  });
});
