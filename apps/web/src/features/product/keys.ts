import type { KeyboardEvent } from 'react';

/** The desktop editor keys of a focused column: Ctrl+C (Cmd+C), Ctrl+V (Cmd+V), Delete. */
export function isClipboardKey(event: KeyboardEvent): 'copy' | 'paste' | 'delete' | undefined {
  const ctrl = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (ctrl && key === 'c') return 'copy';
  if (ctrl && key === 'v') return 'paste';
  if (event.key === 'Delete') return 'delete';
  return undefined;
}
