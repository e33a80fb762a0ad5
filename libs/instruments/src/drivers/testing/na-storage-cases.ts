import type { CalibrationStep } from '../network-analyzer';
import type { FamilyCase, NaFixture } from './na-case-inputs';
import { failure, FILTER_SWEEP, S21_LOGMAG } from './sim-fixture';

/** Screenshots, SnP files, every kind of calibration, saved states, and refused settings. */
export function storageCases(c: FamilyCase, f: NaFixture): void {
  it('copies a screenshot and an SnP file to the runner, and deletes them on the instrument', async () => {
    await f.na.setupChannel(1, FILTER_SWEEP, [S21_LOGMAG]);
    await f.na.sweep(1);
    const png = await f.na.screenshot(1, 'shot.png');
    expect(png.fileName).toBe('shot.png');
    expect(png.data.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const s2p = (await f.na.saveSnp(1, [1, 2])).data.toString('utf8').split('\n');
    expect(s2p).toContain('# Hz S RI R 50');
    expect(s2p.filter((line) => /^\d/.test(line))).toHaveLength(201);
    const s3p = await f.na.saveSnp(1, [1, 2, 3], 'three.s3p');
    expect(s3p.fileName).toBe('three.s3p');
    expect(
      s3p.data
        .toString('utf8')
        .split('\n')
        .filter((line) => /^\d/.test(line)),
    ).toHaveLength(201);
    const error = await failure(
      f.na.session.queryBinary(c.family === 'znb' ? "MMEM:DATA? 'shot.png'" : 'MMEM:TRAN? "shot.png"'),
    );
    expect(error.kind).toBe('timeout');
  });

  it('calibrates SOLT one standard at a time, telling the runner what to connect, then measures corrected', async () => {
    await f.na.setupChannel(1, FILTER_SWEEP, [S21_LOGMAG]);
    const steps: CalibrationStep[] = [];
    await f.na.calibrate(1, {
      ports: [1, 2],
      method: 'mechanical',
      onStep: async (step) => void steps.push(step),
    });
    expect(steps.map((s) => `${s.index}/${s.count} ${s.standard} ${s.ports.join(',')}`)).toEqual([
      '1/7 OPEN 1',
      '2/7 SHORT 1',
      '3/7 LOAD 1',
      '4/7 OPEN 2',
      '5/7 SHORT 2',
      '6/7 LOAD 2',
      '7/7 THRU 1,2',
    ]);
    expect(steps[0]?.prompt).toMatch(/^Connect .*OPEN to port 1$/);
    expect(steps[6]?.prompt).toMatch(/THRU between port 1 and port 2$/);
    expect(await f.na.session.query('SENS1:CORR:STAT?')).toBe('1');
    await f.na.sweep(1);
    expect((await f.na.formattedData(1, 1))[100]).toBeCloseTo(-0.8, 1);
  });

  it('calibrates several channels together, asking each connection once (smart calibration)', async () => {
    await f.na.setupChannel(1, FILTER_SWEEP, [S21_LOGMAG]);
    await f.na.setupChannel(2, { ...FILTER_SWEEP, points: 101 }, [S21_LOGMAG]);
    await f.na.setupChannel(3, FILTER_SWEEP, [{ sParam: 'S11', format: 'logMag' }]);
    const steps: CalibrationStep[] = [];
    await f.na.calibrateChannels(
      [
        { channel: 1, ports: [1, 2] },
        { channel: 2, ports: [1, 2] },
        { channel: 3, ports: [1] },
      ],
      { method: 'mechanical', onStep: async (step) => void steps.push(step) },
    );
    if (c.family === 'pna') {
      // the PNA's guided calibration orders its own standards: channel by channel
      expect(steps.filter((s) => s.index === 1)).toHaveLength(3);
    } else {
      expect(steps.map((s) => `${s.index}/${s.count} ${s.standard} ${s.ports.join(',')}`)).toEqual([
        '1/7 OPEN 1',
        '2/7 SHORT 1',
        '3/7 LOAD 1',
        '4/7 OPEN 2',
        '5/7 SHORT 2',
        '6/7 LOAD 2',
        '7/7 THRU 1,2',
      ]);
    }
    for (const channel of [1, 2, 3]) expect(await f.na.session.query(`SENS${channel}:CORR:STAT?`)).toBe('1');
  });

  it('calibrates one port, a thru only, and with an ECal module', async () => {
    await f.na.setupChannel(1, FILTER_SWEEP, [S21_LOGMAG]);
    const prompts: string[] = [];
    const onStep = async (step: CalibrationStep) => void prompts.push(step.prompt);
    await f.na.calibrate(1, { ports: [1], method: 'mechanical', onStep });
    expect(prompts).toHaveLength(3);
    await f.na.calibrate(1, { ports: [1, 2], thruOnly: true, method: 'mechanical', onStep });
    expect(prompts[3]).toBe('Connect THRU between port 1 and port 2');
    await f.na.calibrate(1, { ports: [1, 2, 3, 4], method: 'ecal', onStep });
    expect(prompts[4]).toBe('Connect the ECal module to ports 1, 2, 3, 4');
    expect(await f.na.session.query('SENS1:CORR:STAT?')).toBe('1');
  });

  it('saves nothing when the operator stops a calibration', async () => {
    await f.na.setupChannel(1, FILTER_SWEEP, [S21_LOGMAG]);
    const stop = new Error('operator cancelled');
    const onStep = async (step: CalibrationStep) => {
      if (step.index === 3) throw stop;
    };
    await expect(f.na.calibrate(1, { ports: [1, 2], method: 'mechanical', onStep })).rejects.toBe(stop);
    expect(await f.na.session.query('SENS1:CORR:STAT?')).toBe('0');
  });

  it('saves and recalls the state and the calibration, and keeps reading data after a recall', async () => {
    await f.na.setupChannel(1, FILTER_SWEEP, [S21_LOGMAG]);
    await f.na.calibrate(1, { ports: [1, 2], method: 'ecal', onStep: async () => undefined });
    await f.na.saveState('line-a.sta');
    await f.na.saveCalibration(1, 'line-a-cal');
    await f.na.recallCalibration(1, 'line-a-cal');
    await f.na.recallState('line-a.sta');
    await f.na.sweep(1);
    expect(await f.na.formattedData(1, 1)).toHaveLength(201);
    expect(await f.na.session.query('SENS1:CORR:STAT?')).toBe('1');
    const error = await failure(f.na.recallState('missing.sta'));
    expect(error.kind).toBe('instrument-error');
    expect(error.message).toMatch(/reported -256,"File name not found" after /);
  });

  it('reports a setting the instrument refuses, naming the command', async () => {
    const error = await failure(f.na.setupChannel(1, { ...FILTER_SWEEP, ifbwHz: 1e9 }, [S21_LOGMAG]));
    expect(error.kind).toBe('instrument-error');
    expect(error.scpiErrors[0]?.code).toBe(-222);
    expect(error.message).toMatch(
      /reported -222,"Data out of range; 1000000000 is outside .*" after ':?SENS1:(BAND|BWID) 1000000000'\.$/,
    );
  });
}
