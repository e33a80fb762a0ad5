import { NaDriver } from './na-driver';
import type { CalibrationScript, CapacityProbe } from './na-hooks';
import { writeEach } from './na-hooks';
import { guidedCalibration } from './pna-guided';
import type { CalibrationRequest, ChannelSetup, TraceSetup } from './network-analyzer';
import { queryInteger, queryNumber, scpiString } from './replies';
import { FORMAT_MNEMONIC, GATE_TYPE_MNEMONIC, KEYSIGHT_GATE_SHAPE, n, traceName } from './scpi-names';

/**
 * Keysight PNA tree (N52xx, N53xx, E5080A/B, P50xx; INSTRUMENTS.md section 2): measurements with
 * instrument-wide names, reached as `CALC{c}:MEAS{n}` by their number, each channel swept on its
 * own with `SENS{c}:SWE:MODE SING`; calibration guided by the instrument's own step list.
 */
export class PnaDriver extends NaDriver {
  readonly family = 'pna' as const;
  /** Measurement numbers by channel and trace, from `CALC{c}:PAR:MNUM?`. */
  private readonly numbers = new Map<string, number>();

  protected initCommands(): string[] {
    return [];
  }

  protected presetCommands(): string[] {
    return ['SYST:PRES'];
  }

  protected capacityProbe(channels: number, traces: number): CapacityProbe {
    const probe = Array.from(
      { length: traces },
      (_, i) => `CALC${channels}:PAR:EXT ${scpiString(`SwChk${i + 1}`)},'S21'`,
    );
    return {
      probe,
      cleanup: [`CALC${channels}:PAR:DEL:ALL`],
      advice: `Raise the analyzer's upper limit setting for the channel/trace number to ${channels} channels and ${traces} traces, and connect again.`,
    };
  }

  protected channelCommands(c: number, setup: ChannelSetup): string[] {
    return [
      `SENS${c}:FREQ:STAR ${n(setup.startHz)}`,
      `SENS${c}:FREQ:STOP ${n(setup.stopHz)}`,
      `SENS${c}:SWE:POIN ${n(setup.points)}`,
      `SENS${c}:BWID ${n(setup.ifbwHz)}`,
      ...(setup.ports ?? [1, 2]).map((p) => `SOUR${c}:POW${p} ${n(setup.powerDbm)}`),
      // Point averaging completes the average within one sweep, so one SING returns it.
      `SENS${c}:AVER:MODE POIN`,
      ...(setup.averages > 1
        ? [`SENS${c}:AVER:COUN ${n(setup.averages)}`, `SENS${c}:AVER:STAT ON`]
        : [`SENS${c}:AVER:STAT OFF`]),
      `SENS${c}:SWE:MODE HOLD`,
    ];
  }

  protected async defineTraces(c: number, traces: readonly TraceSetup[]): Promise<void> {
    const define = [`CALC${c}:PAR:DEL:ALL`, `DISP:WIND${c}:STAT ON`];
    traces.forEach((trace, i) => {
      const name = scpiString(traceName(c, i + 1));
      define.push(
        `CALC${c}:PAR:EXT ${name},${scpiString(trace.sParam)}`,
        `DISP:WIND${c}:TRAC${i + 1}:FEED ${name}`,
      );
    });
    await writeEach(this.session, define);
    for (const [i, trace] of traces.entries()) {
      const m = `CALC${c}:MEAS${await this.measurementNumber(c, i + 1, true)}`;
      const gate = trace.gate;
      await writeEach(this.session, [
        `${m}:FORM ${FORMAT_MNEMONIC[trace.format]}`,
        ...(trace.smoothingPct
          ? [`${m}:SMO:APER ${n(trace.smoothingPct)}`, `${m}:SMO:STAT ON`]
          : [`${m}:SMO:STAT OFF`]),
        ...(gate
          ? [
              `${m}:FILT:GATE:TIME:TYPE ${GATE_TYPE_MNEMONIC[gate.type]}`,
              `${m}:FILT:GATE:TIME:SHAP ${KEYSIGHT_GATE_SHAPE[gate.shape]}`,
              `${m}:FILT:GATE:TIME:STAR ${n(gate.startS)}`,
              `${m}:FILT:GATE:TIME:STOP ${n(gate.stopS)}`,
              `${m}:FILT:GATE:TIME:STAT ON`,
            ]
          : [`${m}:FILT:GATE:TIME:STAT OFF`]),
      ]);
    }
  }

  protected sweepCommands(channels: readonly number[]) {
    return {
      prepare: channels.map((c) => `SENS${c}:AVER:CLE`),
      triggers: channels.map((c) => `SENS${c}:SWE:MODE SING`),
    };
  }

  protected selectCommands(c: number, t: number): string[] {
    return [`CALC${c}:PAR:SEL ${scpiString(traceName(c, t))}`];
  }

  protected formattedQuery(c: number) {
    return { command: `CALC${c}:DATA? FDATA`, perPoint: 1 as const };
  }

  protected complexQuery(c: number): string {
    return `CALC${c}:DATA? SDATA`;
  }

  /** The PNA has no frequency query for a linear sweep: start, stop and points give it (scikit-rf does the same). */
  protected async frequencyAxis(c: number): Promise<Float64Array> {
    const start = await queryNumber(this.session, `SENS${c}:FREQ:STAR?`);
    const stop = await queryNumber(this.session, `SENS${c}:FREQ:STOP?`);
    const points = await queryInteger(this.session, `SENS${c}:SWE:POIN?`, 1, 100_003);
    const step = points > 1 ? (stop - start) / (points - 1) : 0;
    return Float64Array.from({ length: points }, (_, k) => start + k * step);
  }

  protected async markerCommands(c: number, t: number, m: number, freqHz: number): Promise<string[]> {
    const meas = `CALC${c}:MEAS${await this.measurementNumber(c, t)}`;
    return [`${meas}:MARK${m}:STAT ON`, `${meas}:MARK${m}:X ${n(freqHz)}`];
  }

  protected async markerQuery(c: number, t: number, m: number): Promise<string> {
    return `CALC${c}:MEAS${await this.measurementNumber(c, t)}:MARK${m}:Y?`;
  }

  protected screenshotCommands(c: number, fileName: string): string[] {
    return [
      ...(this.traceCount(c) > 0 ? this.selectCommands(c, 1) : []),
      `HCOP:FILE ${scpiString(fileName)}`,
    ];
  }

  protected snpCommands(c: number, ports: readonly number[], fileName: string): string[] {
    return [
      'MMEM:STOR:TRAC:FORM:SNP RI',
      `CALC${c}:DATA:SNP:PORTS:SAVE ${scpiString(ports.join(','))},${scpiString(fileName)}`,
    ];
  }

  protected transferQuery(fileName: string): string {
    return `MMEM:TRAN? ${scpiString(fileName)}`;
  }

  protected deleteCommand(fileName: string): string {
    return `MMEM:DEL ${scpiString(fileName)}`;
  }

  /** The guided mechanical calibration orders its own standards. */
  protected override sharesConnections(request: CalibrationRequest): boolean {
    return request.method === 'ecal' || request.thruOnly === true;
  }

  protected override async runCalibration(channel: number, request: CalibrationRequest): Promise<void> {
    if (request.method === 'ecal' || request.thruOnly) return super.runCalibration(channel, request);
    return guidedCalibration(this.session, channel, request, this.standardTimeoutMs(channel));
  }

  protected calibrationScript(c: number, request: CalibrationRequest): CalibrationScript {
    const base = `SENS${c}:CORR:COLL`;
    if (request.method === 'ecal')
      return {
        start: [],
        acquire: () => [`${base}:GUID:ECAL:ACQ SOLT,${request.ports.join(',')}`],
        save: [],
      };
    return { start: [`${base}:METH RESPTHRU`], acquire: () => [`${base}:ACQ THRU`], save: [`${base}:SAVE`] };
  }

  protected stateCommands(action: 'save' | 'recall', fileName: string): string[] {
    return [`MMEM:${action === 'save' ? 'STOR' : 'LOAD'} ${scpiString(fileName)}`];
  }

  /** Cal sets by name; recalling with 1 applies the cal set's stimulus to the channel too. */
  protected calibrationCommands(action: 'save' | 'recall', c: number, name: string): string[] {
    return [
      action === 'save'
        ? `SENS${c}:CORR:CSET:SAVE ${scpiString(name)}`
        : `SENS${c}:CORR:CSET:ACT ${scpiString(name)},1`,
    ];
  }

  protected override forget(): void {
    super.forget();
    this.numbers.clear();
  }

  private async measurementNumber(c: number, t: number, fresh = false): Promise<number> {
    const key = `${c}/${t}`;
    const known = this.numbers.get(key);
    if (known !== undefined && !fresh) return known;
    await this.session.write(this.selectCommands(c, t));
    const number = await queryInteger(this.session, `CALC${c}:PAR:MNUM?`, 1, 1_000_000);
    this.numbers.set(key, number);
    return number;
  }
}
