import { Alert, Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useMessageDialog } from '@sweepline/ui';
import { useState } from 'react';
import { TEXTS } from '../../app/texts';
import { useSiteInfo } from '../contact/useSiteInfo';
import { useReleases } from './useReleases';
import { InstallSteps } from './InstallSteps';

export const DOWNLOAD_TEXTS = {
  notBuilt:
    'The runner package has not been built for this site yet, so there is nothing to download. ' +
    'Please come back later, or ask the site operator to build it.',
};

/**
 * The version badge's place, unseen, while the releases load: on a phone the badge wraps under
 * the title, and its arrival moved the whole page down (CLS 0.033; docs/web.md, "HTML made at
 * build time"). The page is drawn before any call answers, so the place is in it.
 */
function VersionPlace() {
  return (
    // as wide as a version of three numbers: a narrower place fitted beside the title where the
    // real badge wrapped under it, and the page moved all the same
    <Badge size="lg" tt="none" style={{ visibility: 'hidden' }}>
      v0.0.0
    </Badge>
  );
}

/** /download (docs/requirements/download-and-site.md#download-page): the runner's newest version, its package, notes and install steps. */
export function DownloadPage() {
  const errors = useMessageDialog(() => undefined);
  const onError = (message: string) => errors.show(TEXTS.error, message, false);
  const [siteFailed, setSiteFailed] = useState(false);
  const site = useSiteInfo((message) => {
    setSiteFailed(true);
    onError(message);
  });
  const releases = useReleases(onError);
  // the notes come below the install steps, which need the site's answer: drawn before it, they
  // were pushed down the screen when /site answered after /version (CLS 0.033 on a phone)
  const siteSettled = site !== undefined || siteFailed;
  const exists = site?.runnerPackageAvailable;

  const newest = releases?.[0];
  const packageFile = site?.runnerPackagePath.split('/').pop() ?? '';
  return (
    <Stack maw={860} mx="auto" gap="lg">
      <Title order={1}>Download</Title>
      <Group gap="sm">
        <Title order={2}>Sweepline runner for lab PCs</Title>
        {newest ? (
          <Badge size="lg" tt="none">
            {`v${newest.no}`}
          </Badge>
        ) : (
          releases === undefined && <VersionPlace />
        )}
      </Group>
      <Text>
        The runner drives your instruments, runs the tests you made on the website and uploads the results. It
        runs on Windows, Linux and macOS with Node.js.
      </Text>
      {exists === true && site && (
        <Button component="a" href={`/${site.runnerPackagePath}`} download={packageFile} w="fit-content">
          {`Download ${packageFile}`}
        </Button>
      )}
      {exists === false && (
        <Alert color="yellow" title="Not available yet">
          {DOWNLOAD_TEXTS.notBuilt}
        </Alert>
      )}
      {site && (
        <section aria-label="Install">
          <Title order={2} mb="xs">
            Install
          </Title>
          <InstallSteps packageFile={packageFile} visaUrl={site.visaLibraryUrl} />
        </section>
      )}
      {releases && siteSettled && (
        <section aria-label="Release Notes">
          <Title order={2} mb="xs">
            Release Notes
          </Title>
          {releases.map((r) => (
            <Stack key={r.no} gap={4} mb="sm">
              <Text fw={700}>{`v${r.no} (${r.date})`}</Text>
              <List>
                {r.notes.map((note) => (
                  <List.Item key={note}>{note}</List.Item>
                ))}
              </List>
            </Stack>
          ))}
        </section>
      )}
      {errors.dialog}
    </Stack>
  );
}
