import { instrumentsApi } from '../instruments/instruments.api';
import { useSavedSettings } from './useSavedSettings';

/** The account's instrument setting (allow measuring with overdue instruments), and its save. */
export function useInstrumentSettings(
  onError: (message: string) => void,
  onFailure: (error: unknown) => void,
) {
  const calls = { load: instrumentsApi.settings, save: instrumentsApi.saveSettings };
  return useSavedSettings('settings/instruments', calls, onError, onFailure);
}
