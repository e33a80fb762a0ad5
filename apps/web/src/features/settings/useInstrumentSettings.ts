import type { InstrumentSettings } from '@sweepline/domain';
import { useState } from 'react';
import { useServerData } from '../../app/useServerData';
import { instrumentsApi } from '../instruments/instruments.api';

/**
 * The account's instrument setting as stored, and a save whose answer is then shown; `saving`
 * while one is under way. A failed save goes to `onFailure` and leaves it as stored.
 */
export function useInstrumentSettings(
  onError: (message: string) => void,
  onFailure: (error: unknown) => void,
) {
  const settings = useServerData(['settings/instruments'], instrumentsApi.settings, { onError });
  const [saving, setSaving] = useState(false);
  const save = async (next: InstrumentSettings) => {
    setSaving(true);
    try {
      const saved = await instrumentsApi.saveSettings(next);
      settings.setData(() => saved);
    } catch (error) {
      onFailure(error);
    } finally {
      setSaving(false);
    }
  };
  return { settings, saving, save };
}
