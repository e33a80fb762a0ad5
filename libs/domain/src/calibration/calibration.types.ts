/** Calibration type: 1 to 4 = a full calibration of that many ports, 5 = Thru (docs/requirements/step-parameters.md#calibrations). */
export type CalibrationType = 1 | 2 | 3 | 4 | 5;
export const CALIBRATION_TYPES: readonly CalibrationType[] = [1, 2, 3, 4, 5];
export const THRU: CalibrationType = 5;

export interface Calibration {
  id: number;
  type: CalibrationType;
  /** The ports joined by '-', ascending: '1', '1-2', '1-2-3', '1-2-3-4'. */
  ports: string;
  startFreq_MHz: number | null;
  stopFreq_MHz: number | null;
  freqPoints: number | null;
  power_dBm: number | null;
  IFBW_Hz: number | null;
  smoothing: number | null;
}
