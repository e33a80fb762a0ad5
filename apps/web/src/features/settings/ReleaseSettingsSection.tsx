import { Loader, Stack, Title } from '@mantine/core';
import { LabelledSwitch } from './LabelledSwitch';
import { RELEASE_TEXTS } from '../product/releases/release-texts';
import { useReleaseSettings } from './useReleaseControl';
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
  const { settings, saving, save } = useReleaseSettings(onError, onFailure);
  const now = settings.data;
  return (
    <Stack gap="xs" component="section" aria-label={RELEASE_TEXTS.settingsTitle}>
      <Title order={2}>{RELEASE_TEXTS.settingsTitle}</Title>
      {!now ? (
        settings.loading && <Loader size="sm" aria-label={RELEASE_TEXTS.loading} />
      ) : (
        <Stack gap="sm" maw={560}>
          <LabelledSwitch
            label={RELEASE_TEXTS.releaseControl}
            hint={RELEASE_TEXTS.releaseControlHint}
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
          <LabelledSwitch
            label={RELEASE_TEXTS.approval}
            hint={RELEASE_TEXTS.approvalHint}
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
