import { MSG } from '../limits/messages';
import { parseSerialNumbers } from './serial-numbers';
import { serialNumberListError, SN_MSG } from './sn-requests';

describe('serialNumberListError', () => {
  it('accepts a list of valid, distinct serial numbers', () => {
    expect(serialNumberListError(['A1', 'a1', 'B-2'])).toBeUndefined();
  });

  it('asks for serial numbers when the list is empty, with the message the caller chooses', () => {
    expect(serialNumberListError([])).toEqual({ field: 'sn_array', message: MSG.enterSerialNumber });
    expect(serialNumberListError([], MSG.noSerialNumberSelected)).toEqual({
      field: 'sn_array',
      message: MSG.noSerialNumberSelected,
    });
  });

  it('refuses more than 1000', () => {
    const list = Array.from({ length: 1001 }, (_, i) => `SN${i}`);
    expect(serialNumberListError(list)).toEqual({
      field: 'sn_array',
      message: MSG.noMoreThan1000SerialNumbers,
    });
    expect(serialNumberListError(list.slice(1))).toBeUndefined();
  });

  it('names the first bad entry', () => {
    expect(serialNumberListError(['A1', ''])).toEqual({
      field: 'sn_array[1]',
      message: MSG.removeEmptyLines,
    });
    expect(serialNumberListError(['A1', '   '])).toEqual({
      field: 'sn_array[1]',
      message: MSG.removeEmptyLines,
    });
    expect(serialNumberListError(['A1', '\t '])).toEqual({
      field: 'sn_array[1]',
      message: MSG.removeEmptyLines,
    });
    expect(serialNumberListError(['A1', ' A2'])).toEqual({
      field: 'sn_array[1]',
      message: MSG.invalidCharacter,
    });
    expect(serialNumberListError(['a'.repeat(65)])).toEqual({
      field: 'sn_array[0]',
      message: MSG.noMoreThanCharacters(64),
    });
    expect(serialNumberListError(['A1', 'B2', 'A1'], undefined, 'list')).toEqual({
      field: 'list[2]',
      message: 'A1 duplicated',
    });
  });

  it('judges each line as the Add dialog does', () => {
    for (const input of ['A1\nB2', 'A1\nA1', 'A1\n-B', 'Z'.repeat(70), 'A1\n   \nB2', 'A1\n\nB2']) {
      const parsed = parseSerialNumbers(input);
      const listed = serialNumberListError(input.split('\n'));
      expect(listed?.message).toBe(parsed.ok ? undefined : parsed.error);
    }
  });
});

describe('SN_MSG', () => {
  it('names the serial number and the product', () => {
    expect(SN_MSG.exists('A1', 'F-200')).toBe('Serial number A1 already exists in product F-200');
    expect(SN_MSG.notInProduct('A1', 'F-200')).toBe('Serial number A1 not found in product F-200');
    expect(SN_MSG.notFound('A1')).toBe('Serial number A1 not found');
    expect(SN_MSG.hasRuns('A1')).toBe('Serial number A1 has test results and cannot be deleted');
    expect(SN_MSG.inSeveralProducts('A1')).toContain('product_id');
    expect(SN_MSG.addedMeanwhile('F-200')).toContain('product F-200');
  });
});
