import { useSyncExternalStore } from 'react';
import { callsRunning } from './api-client';

/**
 * None at build time: the prerendered pages are drawn without the overlay, and their hydration
 * starts from that before it takes the count (docs/web.md, "HTML made at build time").
 */
const NONE_RUNNING = () => 0;

/** True while any call runs: the shell then shows the full-screen loading overlay. */
export function useCallsRunning(): boolean {
  return useSyncExternalStore(callsRunning.subscribe, callsRunning.count, NONE_RUNNING) > 0;
}
