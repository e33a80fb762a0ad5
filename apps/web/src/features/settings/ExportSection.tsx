import { Button, Stack, Text, Title } from '@mantine/core';
import { downloadUrl } from '@sweepline/ui';
import { useState } from 'react';
import { useExportLink } from './useAccountEdits';

/**
 * The manager's own copy of all the account's data (issue 16). The archive can be gigabytes, so
 * the browser downloads it straight to disk from a single-use link (docs/api/accounts.md, "Export
 * links") rather than through the page's memory.
 */
export function ExportSection({ onError }: { onError: (error: unknown) => void }) {
  const [asking, setAsking] = useState(false);
  const exportLink = useExportLink();

  const exportAll = async () => {
    setAsking(true);
    try {
      downloadUrl(await exportLink());
    } catch (error) {
      onError(error);
    } finally {
      setAsking(false);
    }
  };

  return (
    <Stack gap="xs" component="section" aria-label="Your data">
      <Title order={2}>Your data</Title>
      <Text size="sm" c="dimmed" maw={560}>
        Download everything this account holds as one archive of JSON files: products, tests, serial numbers,
        and every run with its results, traces and files. The browser shows the download&apos;s progress; a
        large account takes a few minutes.
      </Text>
      <Button w="fit-content" variant="light" loading={asking} onClick={() => void exportAll()}>
        Export all data
      </Button>
    </Stack>
  );
}
