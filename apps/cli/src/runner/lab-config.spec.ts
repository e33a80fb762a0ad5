import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LabConfigError, loadLabConfig, parseLabConfig, saveLabConfig } from './lab-config';

describe('lab configuration', () => {
  it('takes instruments by role, with the shift length defaulting to 8 hours', () => {
    expect(parseLabConfig({ networkAnalyzer: { resource: 'GPIB0::16::INSTR' } })).toEqual({
      calibrationHours: 8,
      networkAnalyzer: { resource: 'GPIB0::16::INSTR' },
    });
  });

  it('takes an ECal module of 2 or 4 ports', () => {
    const na = { resource: 'GPIB0::16::INSTR' };
    expect(parseLabConfig({ networkAnalyzer: na, ecalPorts: 4, ecalSerial: 'MY12345678' })).toEqual({
      calibrationHours: 8,
      networkAnalyzer: na,
      ecalPorts: 4,
      ecalSerial: 'MY12345678',
    });
  });

  it("keeps the station's name for the Stations screen", () => {
    expect(parseLabConfig({ station: 'Line 2 / Bench 4' })).toEqual({
      calibrationHours: 8,
      station: 'Line 2 / Bench 4',
    });
  });

  it.each([
    [[], 'The lab configuration must be a JSON object'],
    [{ station: 'a\nb' }, 'station: A station name is 1 to 64 characters, without control characters'],
    [{ ecalPorts: 3 }, 'ecalPorts: an ECal module has 2 or 4 ports'],
    [{ ecalPorts: '2' }, 'ecalPorts: an ECal module has 2 or 4 ports'],
    [{ ecalSerial: '' }, 'ecalSerial: 1 to 100 characters, without control characters'],
    [{ ecalSerial: 7 }, 'ecalSerial: 1 to 100 characters'],
    [{ extra: 1 }, 'extra: unknown field'],
    [{ calibrationHours: 0 }, 'calibrationHours: a number of hours from above 0 to 168'],
    [{ networkAnalyzer: { resource: '' } }, 'networkAnalyzer.resource: a VISA resource string'],
    [{ networkAnalyzer: { resource: 'COM3' } }, 'networkAnalyzer.resource: '],
    [{ pimAnalyzer: { resource: '10.0.0.2', port: 1 } }, 'pimAnalyzer.port: unknown field'],
  ])('refuses %j, saying what is wrong', (value, message) => {
    expect(() => parseLabConfig(value)).toThrow(LabConfigError);
    expect(() => parseLabConfig(value)).toThrow(message);
  });

  it('saves and loads a file; a broken file is an error naming it, a missing one is none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lab-spec-'));
    try {
      const file = join(dir, 'sub', 'lab.json');
      expect(loadLabConfig(file)).toBeUndefined();
      saveLabConfig(
        { calibrationHours: 4, pimAnalyzer: { resource: 'TCPIP0::10.0.0.2::5025::SOCKET' } },
        file,
      );
      expect(loadLabConfig(file)?.pimAnalyzer?.resource).toBe('TCPIP0::10.0.0.2::5025::SOCKET');
      writeFileSync(file, '{');
      expect(() => loadLabConfig(file)).toThrow(`${file} is not JSON`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
