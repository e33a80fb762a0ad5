import { LoadingOverlay } from '@mantine/core';

/** Locks the whole screen while calls run (docs/requirements/shell-and-navigation.md#top-navigation, docs/requirements/shell-and-navigation.md#route-table). */
export function FullScreenLoader({ visible }: { visible: boolean }) {
  return (
    <LoadingOverlay
      visible={visible}
      pos="fixed"
      zIndex={1000}
      overlayProps={{ blur: 1 }}
      loaderProps={{ 'aria-label': 'Loading' }}
    />
  );
}
