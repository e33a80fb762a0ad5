import { ORIGIN_MSG, type InstrumentRow } from '@sweepline/domain';
import { UsageError } from '../exit-codes';
import { findInstrument, traceQuery } from './trace-query';

const RANGE = { from: '2026-11-01', to: '2026-11-29' };

describe("sweepline trace's arguments", () => {
  it('makes the query of the criteria given, the instrument left to its look-up', () => {
    expect(traceQuery({ instrument: 'MY1', station: 'Bench 4', ...RANGE })).toEqual({
      station: 'Bench 4',
      ...RANGE,
    });
    expect(traceQuery({ calibration: '812', operator: 'Ann', ...RANGE })).toEqual({
      calibration_id: '812',
      operator: 'Ann',
      ...RANGE,
    });
  });

  it.each([
    [{ ...RANGE }, `${ORIGIN_MSG.oneCriterion}: --instrument, --calibration, --station or --operator.`],
    [{ station: 'B', from: '2026-11-31', to: '2026-12-01' }, `--from '2026-11-31': ${ORIGIN_MSG.day}.`],
    [{ station: 'B', from: '2026-11-01', to: '29/11/2026' }, `--to '29/11/2026': ${ORIGIN_MSG.day}.`],
    [
      { station: 'B', from: '2026-11-29', to: '2026-11-01' },
      `${ORIGIN_MSG.fromAfterTo}: --from 2026-11-29 is after --to 2026-11-01.`,
    ],
    [{ station: 'B', from: '2024-11-28', to: '2026-11-29' }, `${ORIGIN_MSG.rangeTooLong}.`],
    [{ calibration: 'x1', ...RANGE }, "--calibration 'x1': a calibration's number"],
    [{ station: 'a\tb', ...RANGE }, '--station: A station name is 1 to 64 characters'],
  ])('refuses %j as a usage error, in the domain words', (criteria, message) => {
    expect(() => traceQuery(criteria)).toThrow(UsageError);
    expect(() => traceQuery(criteria)).toThrow(message);
  });

  it('takes 731 days, both ends included', () => {
    expect(traceQuery({ station: 'B', from: '2024-11-29', to: '2026-11-29' }).from).toBe('2024-11-29');
  });
});

describe('the instrument of a serial number', () => {
  const row = (id: number, model: string, serial: string) =>
    ({ id, vendor: 'Keysight Technologies', model, serial }) as InstrumentRow;
  const rows = [row(1, 'E5071C', 'MY46107723'), row(2, 'E5080B', 'MY1'), row(3, 'N5222B', 'MY1')];

  it('finds it in any letter case, or as MODEL/SERIAL', () => {
    expect(findInstrument(rows, ' my46107723 ').id).toBe(1);
    expect(findInstrument(rows, 'n5222b/MY1').id).toBe(3);
  });

  it('says so when no instrument has it, or two models share it', () => {
    expect(() => findInstrument(rows, 'MY9')).toThrow(
      "No instrument of this account has the serial number 'MY9': an instrument is known once a run names it",
    );
    expect(() => findInstrument(rows, 'MY1')).toThrow(
      "2 instruments have the serial number 'MY1' (Keysight Technologies E5080B, serial number MY1; Keysight Technologies N5222B, serial number MY1): name one as MODEL/SERIAL, like E5080B/MY1.",
    );
  });
});
