import { Loader, Stack, Switch, Title } from '@mantine/core';
import type { ReleaseSettings } from '@sweepline/domain';
import { useState } from 'react';
import { useServerData } from '../../app/useServerData';
import { releasesApi } from '../product/releases/releases.api';
import { RELEASE_TEXTS } from '../product/releases/release-texts';
import { WaitingReleases } from './WaitingReleases';

/**
 * Release control (docs/releases.md), the manager's: the runner runs released tests only, and
 * under it, releases wait for a second person's approval. Each switch saves at once; the
 * server's answer is what the switches then show. Below: the releases waiting for approval.
 */
export function ReleaseSettingsSection({
  onError,
  onFailure,
}: {
  /** A failed load's message. */
  onError: (message: string) => void;
  /** A failed save or decision. */
  onFailure: (error: unknown) => void;
}) {
  const settings = useServerData(['settings/releases'], releasesApi.settings, { onError });
  const [saving, setSaving] = useState(false);

  const save = async (next: ReleaseSettings) => {
    setSaving(true);
    try {
      const saved = await releasesApi.saveSettings(next);
      settings.setData(() => saved);
    } catch (error) {
      onFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const now = settings.data;
  return (
    <Stack gap="xs" component="section" aria-label={RELEASE_TEXTS.settingsTitle}>
      <Title order={2}>{RELEASE_TEXTS.settingsTitle}</Title>
      {!now ? (
        settings.loading && <Loader size="sm" aria-label={RELEASE_TEXTS.loading} />
      ) : (
        <Stack gap="sm" maw={560}>
          <Switch
            label={RELEASE_TEXTS.releaseControl}
            description={RELEASE_TEXTS.releaseControlHint}
            checked={now.releaseControl}
            disabled={saving}
            // approval lives under release control: turning control off turns it off too
            onChange={(event) =>
              void save({
                releaseControl: event.currentTarget.checked,
                approval: event.currentTarget.checked && now.approval,
              })
            }
          />
          <Switch
            label={RELEASE_TEXTS.approval}
            description={RELEASE_TEXTS.approvalHint}
            checked={now.approval}
            disabled={saving || !now.releaseControl}
            onChange={(event) => void save({ ...now, approval: event.currentTarget.checked })}
            pl="xl"
          />
        </Stack>
      )}
      <WaitingReleases onError={onError} onFailure={onFailure} />
    </Stack>
  );
}
