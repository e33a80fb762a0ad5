import { Alert, Group, Loader, Text } from '@mantine/core';
import type { ReleaseDiff } from '@sweepline/domain';
import type { ServerData } from '../../../app/useServerData';
import { DiffView } from './DiffView';
import { RELEASE_TEXTS } from './release-texts';

/** A diff being asked for: its loader, its refusal in place, or the diff. */
export function DiffPanel({ diff }: { diff: ServerData<ReleaseDiff> }) {
  if (diff.error)
    return (
      <Alert color="red" role="alert">
        {diff.error}
      </Alert>
    );
  if (diff.loading || !diff.data)
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text fz="sm" c="dimmed">
          {RELEASE_TEXTS.loading}
        </Text>
      </Group>
    );
  return <DiffView diff={diff.data} />;
}
