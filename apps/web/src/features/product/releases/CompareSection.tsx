import { Group, Select, Stack, Title } from '@mantine/core';
import type { SeqReleases } from '@sweepline/domain';
import { useState } from 'react';
import { DiffPanel } from './DiffPanel';
import { RELEASE_TEXTS } from './release-texts';
import { useReleaseDiff } from './useReleaseDiff';

const DRAFT = 'draft';

/**
 * Compare any two releases, or a release and the draft (the default: the newest release and the
 * draft). The server computes the diff; this shows it.
 */
export function CompareSection({ seqId, releases }: { seqId: number; releases: SeqReleases }) {
  const numbers = releases.releases.map((r) => String(r.no));
  const [from, setFrom] = useState(numbers[0]);
  const [to, setTo] = useState(DRAFT);
  const diff = useReleaseDiff(
    seqId,
    from === undefined ? undefined : Number(from),
    to === DRAFT ? DRAFT : Number(to),
    releases,
  );
  if (from === undefined) return null;
  const options = numbers.map((no) => ({ value: no, label: RELEASE_TEXTS.releaseNo(Number(no)) }));
  return (
    <Stack gap="xs" component="section" aria-label={RELEASE_TEXTS.compare}>
      <Title order={3} fz="sm">
        {RELEASE_TEXTS.compare}
      </Title>
      <Group gap="sm" align="flex-end">
        <Select
          label={RELEASE_TEXTS.from}
          data={options}
          value={from}
          onChange={(value) => value && setFrom(value)}
          allowDeselect={false}
          w={160}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={RELEASE_TEXTS.to}
          data={[{ value: DRAFT, label: RELEASE_TEXTS.draft }, ...options]}
          value={to}
          onChange={(value) => value && setTo(value)}
          allowDeselect={false}
          w={160}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <DiffPanel diff={diff} />
    </Stack>
  );
}
