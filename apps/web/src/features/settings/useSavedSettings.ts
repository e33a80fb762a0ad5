import { useState } from 'react';
import { useServerData } from '../../app/useServerData';

/**
 * Account settings as stored (under `key`), and a save whose answer is then shown; `saving` while
 * one is under way. A failed save goes to `onFailure` and leaves them as stored.
 */
export function useSavedSettings<T>(
  key: string,
  calls: { load: () => Promise<T>; save: (next: T) => Promise<T> },
  onError: (message: string) => void,
  onFailure: (error: unknown) => void,
) {
  const settings = useServerData([key], calls.load, { onError });
  const [saving, setSaving] = useState(false);
  const save = async (next: T) => {
    setSaving(true);
    try {
      const saved = await calls.save(next);
      settings.setData(() => saved);
    } catch (error) {
      onFailure(error);
    } finally {
      setSaving(false);
    }
  };
  return { settings, saving, save };
}
