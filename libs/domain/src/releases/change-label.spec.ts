import { auditFieldLabel, changeLabel } from './change-label';

describe('changeLabel', () => {
  it('names a parameter as the editor labels it, and list items from 1', () => {
    expect(changeLabel('upper')).toBe('Upper limit');
    expect(changeLabel('channelArray.1.upper')).toMatch(/ 2, Upper limit$/);
    expect(changeLabel('instrumentId')).toBe('Instrument');
    expect(changeLabel('stageNo')).toBe('Stage');
    expect(changeLabel('someNewKey')).toBe('someNewKey');
  });
});

describe('auditFieldLabel', () => {
  it("leaves out the step's id on the step's own row, and names it elsewhere", () => {
    expect(auditFieldLabel('steps.2.param.upper', '2')).toBe('Upper limit');
    expect(auditFieldLabel('steps.2.param.upper', '7')).toBe('Step #2, Upper limit');
    expect(auditFieldLabel('steps.2.param.upper')).toBe('Step #2, Upper limit');
    expect(auditFieldLabel('steps.2.name', '2')).toBe(changeLabel('name'));
  });

  it('names whole steps, the step order, the calibrations and plain fields', () => {
    expect(auditFieldLabel('steps.4')).toBe('Step #4');
    expect(auditFieldLabel('steps.order')).toBe('Step order');
    expect(auditFieldLabel('cals')).toBe('Calibrations');
    expect(auditFieldLabel('releaseControl')).toBe(changeLabel('releaseControl'));
  });
});
