import { Button, Group } from '@mantine/core';
import { RELEASE_TEXTS } from './release-texts';

/** Approve and Reject of a waiting release, each named with its number for a screen reader and a test. */
export function DecisionButtons({
  no,
  onApprove,
  onReject,
}: {
  no: number;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      {/* not a light green: its text has a contrast of 3.8 on its background, under WCAG AA's 4.5 */}
      <Button size="compact-xs" variant="default" aria-label={RELEASE_TEXTS.approve(no)} onClick={onApprove}>
        {RELEASE_TEXTS.approveShort}
      </Button>
      <Button
        size="compact-xs"
        variant="light"
        color="red"
        aria-label={RELEASE_TEXTS.reject(no)}
        onClick={onReject}
      >
        {RELEASE_TEXTS.rejectShort}
      </Button>
    </Group>
  );
}
