import type { CalibrationRecord } from '@sweepline/domain';
import { decimalText } from '@sweepline/ui';

type Made = Pick<CalibrationRecord, 'kind' | 'ecalSerial' | 'ports' | 'startMHz' | 'stopMHz'>;

/** 'Mechanical kit', or 'ECal, module MY12345'. */
export function calibrationKindText(cal: Pick<Made, 'kind' | 'ecalSerial'>): string {
  return cal.kind === 'ecal' ? `ECal, module ${cal.ecalSerial ?? '-'}` : 'Mechanical kit';
}

/** 'Ports 1-2' ('Port 1' for one). */
export function portsText(ports: string): string {
  return ports.includes('-') ? `Ports ${ports}` : `Port ${ports}`;
}

/** '700 to 2,700 MHz'. */
export function rangeText(cal: Pick<Made, 'startMHz' | 'stopMHz'>): string {
  const mhz = (value: number) => decimalText(value, 6, true);
  return `${mhz(cal.startMHz)} to ${mhz(cal.stopMHz)} MHz`;
}
