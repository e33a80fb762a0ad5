import { NaDriver } from './na-driver';
import type { CalibrationScript, CapacityProbe } from './na-hooks';
import { writeEach } from './na-hooks';
import type { CalibrationRequest, ChannelSetup, TraceSetup } from './network-analyzer';
import { scpiString } from './replies';
import { FORMAT_MNEMONIC, GATE_TYPE_MNEMONIC, n, RS_GATE_WINDOW, traceName } from './scpi-names';

const STANDARD = { OPEN: 'OPEN', SHORT: 'SHOR', LOAD: 'MATC' } as const;

/**
 * Rohde & Schwarz ZNB, ZNA, ZND (INSTRUMENTS.md section 2): traces with instrument-wide names,
 * commands on the selected trace of a channel, `INIT{c}:IMM` sweeping one channel (scope
 * SINGle), files read with `MMEM:DATA?`. R&S writes MATCh for the load standard.
 */
export class ZnbDriver extends NaDriver {
  readonly family = 'znb' as const;

  protected initCommands(): string[] {
    // Scope SINGle: INIT{c}:IMM sweeps channel c only, not every channel (the preset ALL).
    return ['INIT:SCOP SING'];
  }

  protected presetCommands(): string[] {
    return ['SYST:PRES'];
  }

  protected capacityProbe(channels: number, traces: number): CapacityProbe {
    return {
      probe: Array.from(
        { length: traces },
        (_, i) => `CALC${channels}:PAR:SDEF ${scpiString(`SwChk${channels}_${i + 1}`)},'S21'`,
      ),
      cleanup: [`CALC${channels}:PAR:DEL:CALL`],
      advice: 'Delete unused channels and traces on the analyzer (or preset it), and connect again.',
    };
  }

  protected channelCommands(c: number, setup: ChannelSetup): string[] {
    return [
      `SENS${c}:FREQ:STAR ${n(setup.startHz)}`,
      `SENS${c}:FREQ:STOP ${n(setup.stopHz)}`,
      `SENS${c}:SWE:POIN ${n(setup.points)}`,
      `SENS${c}:BAND ${n(setup.ifbwHz)}`,
      `SOUR${c}:POW ${n(setup.powerDbm)}`,
      ...(setup.averages > 1
        ? [`SENS${c}:AVER:COUN ${n(setup.averages)}`, `SENS${c}:AVER:STAT ON`]
        : [`SENS${c}:AVER:STAT OFF`]),
      // A single INIT then takes as many sweeps as the average needs.
      `SENS${c}:SWE:COUN ${n(Math.max(1, setup.averages))}`,
      `INIT${c}:CONT OFF`,
    ];
  }

  protected async defineTraces(c: number, traces: readonly TraceSetup[]): Promise<void> {
    const commands = [`CALC${c}:PAR:DEL:CALL`];
    traces.forEach((trace, i) => {
      const name = scpiString(traceName(c, i + 1));
      commands.push(
        `CALC${c}:PAR:SDEF ${name},${scpiString(trace.sParam)}`,
        `DISP:WIND${c}:STAT ON`,
        `DISP:WIND${c}:TRAC${i + 1}:FEED ${name}`,
        `CALC${c}:PAR:SEL ${name}`,
        `CALC${c}:FORM ${FORMAT_MNEMONIC[trace.format]}`,
        ...(trace.smoothingPct
          ? [`CALC${c}:SMO:APER ${n(trace.smoothingPct)}`, `CALC${c}:SMO ON`]
          : [`CALC${c}:SMO OFF`]),
      );
      const gate = trace.gate;
      const g = `CALC${c}:FILT:GATE:TIME`;
      commands.push(
        ...(gate
          ? [
              `${g}:TYPE ${GATE_TYPE_MNEMONIC[gate.type]}`,
              `${g}:WIND ${RS_GATE_WINDOW[gate.shape]}`,
              `${g}:STAR ${n(gate.startS)}`,
              `${g}:STOP ${n(gate.stopS)}`,
              `${g}:STAT ON`,
            ]
          : [`${g}:STAT OFF`]),
      );
    });
    await writeEach(this.session, commands);
  }

  protected sweepCommands(channels: readonly number[]) {
    return {
      prepare: channels.map((c) => `SENS${c}:AVER:CLE`),
      triggers: channels.map((c) => `INIT${c}:IMM`),
    };
  }

  protected selectCommands(c: number, t: number): string[] {
    return [`CALC${c}:PAR:SEL ${scpiString(traceName(c, t))}`];
  }

  protected formattedQuery(c: number) {
    return { command: `CALC${c}:DATA? FDAT`, perPoint: 1 as const };
  }

  protected complexQuery(c: number): string {
    return `CALC${c}:DATA? SDAT`;
  }

  protected async frequencyAxis(c: number): Promise<Float64Array> {
    return this.session.queryNumbers(`CALC${c}:DATA:STIM?`, { points: await this.points(c) });
  }

  protected markerCommands(c: number, t: number, m: number, freqHz: number): string[] {
    return [...this.selectCommands(c, t), `CALC${c}:MARK${m} ON`, `CALC${c}:MARK${m}:X ${n(freqHz)}`];
  }

  protected markerQuery(c: number, _t: number, m: number): string {
    return `CALC${c}:MARK${m}:Y?`;
  }

  protected screenshotCommands(c: number, fileName: string): string[] {
    const select = this.traceCount(c) > 0 ? this.selectCommands(c, 1) : [];
    return [...select, 'HCOP:DEV:LANG PNG', `MMEM:NAME ${scpiString(fileName)}`, "HCOP:DEST 'MMEM'", 'HCOP'];
  }

  protected snpCommands(c: number, ports: readonly number[], fileName: string): string[] {
    return [`MMEM:STOR:TRAC:PORT ${c},${scpiString(fileName)},COMP,${ports.join(',')}`];
  }

  protected transferQuery(fileName: string): string {
    return `MMEM:DATA? ${scpiString(fileName)}`;
  }

  protected deleteCommand(fileName: string): string {
    return `MMEM:DEL ${scpiString(fileName)}`;
  }

  protected calibrationScript(c: number, request: CalibrationRequest): CalibrationScript {
    const ports = request.ports.join(',');
    const base = `SENS${c}:CORR:COLL`;
    if (request.method === 'ecal')
      return { start: [], acquire: () => [`${base}:AUTO '',${ports}`], save: [] };
    const method = request.thruOnly ? 'FTR' : request.ports.length === 1 ? 'REFL' : 'TOSM';
    return {
      start: [`${base}:METH:DEF ${scpiString(`SwCal${c}`)},${method},${ports}`],
      acquire: (step) =>
        step.standard === 'THRU'
          ? [`${base}:SEL THR,${step.ports.join(',')}`]
          : [`${base}:SEL ${STANDARD[step.standard as keyof typeof STANDARD]},${step.ports[0]}`],
      save: [`${base}:SAVE:SEL`],
    };
  }

  protected stateCommands(action: 'save' | 'recall', fileName: string): string[] {
    return [`MMEM:${action === 'save' ? 'STOR' : 'LOAD'}:STAT 1,${scpiString(fileName)}`];
  }

  /** The ZNB's cal pool: a channel's calibration by name. */
  protected calibrationCommands(action: 'save' | 'recall', c: number, name: string): string[] {
    return [`MMEM:${action === 'save' ? 'STOR' : 'LOAD'}:CORR ${c},${scpiString(name)}`];
  }
}
