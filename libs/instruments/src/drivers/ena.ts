import { NaDriver } from './na-driver';
import type { CalibrationScript, CapacityProbe } from './na-hooks';
import { writeEach } from './na-hooks';
import type { CalibrationRequest, ChannelSetup, TraceSetup } from './network-analyzer';
import { FORMAT_MNEMONIC, GATE_TYPE_MNEMONIC, KEYSIGHT_GATE_SHAPE, n } from './scpi-names';

/** `:DISP:SPL` layouts that show at least this many channel windows; the ENA sweeps only displayed channels. */
const LAYOUTS: readonly [number, string][] = [
  [1, 'D1'],
  [2, 'D12'],
  [3, 'D123'],
  [4, 'D12_34'],
  [6, 'D123_456'],
  [8, 'D1234_5678'],
  [9, 'D123_456_789'],
  [12, 'D1234_5678_9ABC'],
  [16, 'D1234_5678_9ABC_DEFG'],
];

const STANDARD_NODE = { OPEN: 'OPEN', SHORT: 'SHOR', LOAD: 'LOAD' } as const;

/**
 * Keysight ENA (E5071C): traces numbered per channel, commands on the selected trace, one
 * global bus trigger that sweeps every displayed channel left in continuous mode
 * (INSTRUMENTS.md section 2). Data and files come back as blocks.
 */
export class EnaDriver extends NaDriver {
  readonly family = 'ena' as const;

  protected initCommands(): string[] {
    // Averaging completes within one trigger, so a single sweep returns averaged data.
    return [':TRIG:SOUR BUS', ':TRIG:AVER ON'];
  }

  protected presetCommands(): string[] {
    return [':SYST:PRES'];
  }

  protected capacityProbe(channels: number, traces: number): CapacityProbe {
    return {
      probe: [`:CALC${channels}:PAR:COUN ${traces}`, `:CALC${channels}:PAR${traces}:DEF S21`],
      cleanup: [`:CALC${channels}:PAR:COUN 1`],
      advice:
        `Set the analyzer to ${channels} channels and ${traces} traces in System > Misc Setup > Channel/Trace Setup ` +
        '(FAQ: "16 channels 16 traces"), let it restart, and connect again.',
    };
  }

  protected channelCommands(c: number, setup: ChannelSetup, known: readonly number[]): string[] {
    const shown = Math.max(...known, c);
    const layout = (LAYOUTS.find(([count]) => count >= shown) ?? LAYOUTS[LAYOUTS.length - 1]) as [
      number,
      string,
    ];
    return [
      `:DISP:SPL ${layout[1]}`,
      `:SENS${c}:FREQ:STAR ${n(setup.startHz)}`,
      `:SENS${c}:FREQ:STOP ${n(setup.stopHz)}`,
      `:SENS${c}:SWE:POIN ${n(setup.points)}`,
      `:SENS${c}:BAND ${n(setup.ifbwHz)}`,
      `:SOUR${c}:POW ${n(setup.powerDbm)}`,
      ...(setup.averages > 1
        ? [`:SENS${c}:AVER:COUN ${n(setup.averages)}`, `:SENS${c}:AVER ON`]
        : [`:SENS${c}:AVER OFF`]),
    ];
  }

  protected async defineTraces(c: number, traces: readonly TraceSetup[]): Promise<void> {
    const commands = [`:CALC${c}:PAR:COUN ${traces.length}`];
    traces.forEach((trace, i) => {
      const t = i + 1;
      commands.push(
        `:CALC${c}:PAR${t}:DEF ${trace.sParam}`,
        `:CALC${c}:PAR${t}:SEL`,
        `:CALC${c}:FORM ${FORMAT_MNEMONIC[trace.format]}`,
      );
      commands.push(
        ...(trace.smoothingPct
          ? [`:CALC${c}:SMO:APER ${n(trace.smoothingPct)}`, `:CALC${c}:SMO ON`]
          : [`:CALC${c}:SMO OFF`]),
      );
      const gate = trace.gate;
      if (!gate) {
        commands.push(`:CALC${c}:FILT:TIME:STAT OFF`);
        return;
      }
      commands.push(
        `:CALC${c}:FILT:TIME ${GATE_TYPE_MNEMONIC[gate.type]}`,
        `:CALC${c}:FILT:TIME:SHAP ${KEYSIGHT_GATE_SHAPE[gate.shape]}`,
        `:CALC${c}:FILT:TIME:STAR ${n(gate.startS)}`,
        `:CALC${c}:FILT:TIME:STOP ${n(gate.stopS)}`,
        `:CALC${c}:FILT:TIME:STAT ON`,
      );
    });
    await writeEach(this.session, commands);
  }

  protected sweepCommands(channels: readonly number[], known: readonly number[]) {
    // One :TRIG:SING sweeps every channel in continuous mode, so the others are held.
    const prepare = [...new Set([...known, ...channels])].map(
      (k) => `:INIT${k}:CONT ${channels.includes(k) ? 'ON' : 'OFF'}`,
    );
    prepare.push(...channels.map((c) => `:SENS${c}:AVER:CLE`));
    return { prepare, triggers: [':TRIG:SING'] };
  }

  protected selectCommands(c: number, t: number): string[] {
    return [`:CALC${c}:PAR${t}:SEL`];
  }

  protected formattedQuery(c: number) {
    return { command: `:CALC${c}:DATA:FDAT?`, perPoint: 2 as const };
  }

  protected complexQuery(c: number): string {
    return `:CALC${c}:DATA:SDAT?`;
  }

  protected async frequencyAxis(c: number): Promise<Float64Array> {
    return this.session.queryNumbers(`:SENS${c}:FREQ:DATA?`, { points: await this.points(c) });
  }

  protected markerCommands(c: number, t: number, m: number, freqHz: number): string[] {
    return [`:CALC${c}:PAR${t}:SEL`, `:CALC${c}:MARK${m} ON`, `:CALC${c}:MARK${m}:X ${n(freqHz)}`];
  }

  protected markerQuery(c: number, _t: number, m: number): string {
    return `:CALC${c}:MARK${m}:Y?`;
  }

  protected screenshotCommands(c: number, fileName: string): string[] {
    return [`:DISP:WIND${c}:ACT`, `:MMEM:STOR:IMAG "${fileName}"`];
  }

  protected snpCommands(c: number, ports: readonly number[], fileName: string): string[] {
    return [
      `:DISP:WIND${c}:ACT`,
      `:MMEM:STOR:SNP:TYPE:S${ports.length}P ${ports.join(',')}`,
      ':MMEM:STOR:SNP:FORM RI',
      `:MMEM:STOR:SNP "${fileName}"`,
    ];
  }

  protected transferQuery(fileName: string): string {
    return `:MMEM:TRAN? "${fileName}"`;
  }

  protected deleteCommand(fileName: string): string {
    return `:MMEM:DEL "${fileName}"`;
  }

  protected calibrationScript(c: number, request: CalibrationRequest): CalibrationScript {
    const ports = request.ports.join(',');
    const base = `:SENS${c}:CORR:COLL`;
    if (request.method === 'ecal') {
      return { start: [], acquire: () => [`${base}:ECAL:SOLT${request.ports.length} ${ports}`], save: [] };
    }
    return {
      start: [
        request.thruOnly ? `${base}:METH:THRU ${ports}` : `${base}:METH:SOLT${request.ports.length} ${ports}`,
      ],
      acquire: (step) => {
        const [a, b] = step.ports;
        if (step.standard !== 'THRU')
          return [`${base}:${STANDARD_NODE[step.standard as keyof typeof STANDARD_NODE]} ${a}`];
        // A full calibration measures the thru in both directions, one command each.
        return request.thruOnly
          ? [`${base}:THRU ${a},${b}`]
          : [`${base}:THRU ${a},${b}`, `${base}:THRU ${b},${a}`];
      },
      save: [`${base}:SAVE`],
    };
  }

  protected stateCommands(action: 'save' | 'recall', fileName: string): string[] {
    // CST: the state with its calibration, so recalling it restores both.
    return action === 'save'
      ? [':MMEM:STOR:STYP CST', `:MMEM:STOR "${fileName}"`]
      : [`:MMEM:LOAD "${fileName}"`];
  }

  /** The ENA keeps calibrations in state files: a calibration is saved and recalled as the whole state. */
  protected calibrationCommands(action: 'save' | 'recall', _channel: number, name: string): string[] {
    return this.stateCommands(action, name);
  }
}
