import { Modal } from '@mantine/core';
import type { EditorCal } from '@sweepline/domain';

export interface CalibrationsDialogProps {
  opened: boolean;
  cals: EditorCal[];
  readOnly: boolean;
  onClose: () => void;
  onSave: (cals: EditorCal[]) => Promise<void>;
}

/** The 'Set Up Calibrations' dialog (first cut: filled in by later commits). */
export function CalibrationsDialog({ opened, onClose }: CalibrationsDialogProps) {
  return <Modal opened={opened} onClose={onClose} title="Set Up Calibrations" />;
}
