/**
 * Who each simulated instrument says it is (docs/instruments.md, "Simulator identities"): a
 * realistic maker, model, serial number and firmware per family, as the real instruments answer
 * `*IDN?`, so that the runner records the simulators as it records real instruments (issue 40) and
 * the demo seed registers the same instruments (tools/seed imports SIM_INSTRUMENTS). A simulator
 * adds SIMULATOR_MARK as a fifth field, which is how the runner knows it may tell it the unit.
 */
export interface SimIdentity {
  readonly role: 'network_analyzer' | 'pim_analyzer';
  readonly vendor: string;
  readonly model: string;
  readonly serial: string;
  readonly firmware: string;
}

/** One per simulator family (SimFamily). */
export const SIM_INSTRUMENTS = {
  ena: {
    role: 'network_analyzer',
    vendor: 'Keysight Technologies',
    model: 'E5071C',
    serial: 'MY46107723',
    firmware: 'B.14.10',
  },
  pna: {
    role: 'network_analyzer',
    vendor: 'Keysight Technologies',
    model: 'E5080B',
    serial: 'MY59102246',
    firmware: 'A.15.20.07',
  },
  znb: {
    role: 'network_analyzer',
    vendor: 'Rohde-Schwarz',
    model: 'ZNB8-4Port',
    serial: '1311601044101872',
    firmware: '3.45',
  },
  pim: {
    role: 'pim_analyzer',
    vendor: 'Kaelus',
    model: 'iQA-0900E',
    serial: 'KA20411287',
    firmware: '2.6.1',
  },
} as const satisfies Readonly<Record<string, SimIdentity>>;

/** `maker,model,serial,firmware`, the four fields of IEEE 488.2. */
export const idnOf = (i: SimIdentity) => `${i.vendor},${i.model},${i.serial},${i.firmware}`;

/**
 * The fifth field of a simulator's `*IDN?` answer (IEEE 488.2 names four; readers take those and
 * ignore the rest). It marks the simulator whatever identity it is configured with.
 */
export const SIMULATOR_MARK = 'Sweepline simulator';
