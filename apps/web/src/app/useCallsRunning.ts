import { useSyncExternalStore } from 'react';
import { callsRunning } from './api-client';

/** True while any call runs: the shell then shows the full-screen loading overlay. */
export function useCallsRunning(): boolean {
  return useSyncExternalStore(callsRunning.subscribe, callsRunning.count) > 0;
}
