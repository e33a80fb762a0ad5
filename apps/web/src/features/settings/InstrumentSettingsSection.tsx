import { Loader, Stack, Title } from '@mantine/core';
import { ORIGIN_MSG } from '@sweepline/domain';
import { LabelledSwitch } from './LabelledSwitch';
import { useInstrumentSettings } from './useInstrumentSettings';

export const INSTRUMENT_SETTING_TEXTS = {
  title: 'Instruments',
  allowOverdue: 'Allow measuring with instruments overdue for calibration',
  allowOverdueHint: `Off, the runner will not measure with an overdue instrument and the service refuses its runs. On, the runner warns and measures, and every such run is marked on Test Results and in its PDF: “${ORIGIN_MSG.measuredOverdue}”.`,
} as const;

/**
 * The account's instrument setting (issue 40), the manager's: whether a run may be measured with
 * an instrument overdue for calibration. The switch saves at once; the server's answer is shown.
 */
export function InstrumentSettingsSection({
  onError,
  onFailure,
}: {
  onError: (message: string) => void;
  onFailure: (error: unknown) => void;
}) {
  const { settings, saving, save } = useInstrumentSettings(onError, onFailure);
  const now = settings.data;
  return (
    <Stack gap="xs" component="section" aria-label={INSTRUMENT_SETTING_TEXTS.title}>
      <Title order={2}>{INSTRUMENT_SETTING_TEXTS.title}</Title>
      {!now ? (
        settings.loading && <Loader size="sm" aria-label="Loading" />
      ) : (
        <Stack maw={560}>
          <LabelledSwitch
            label={INSTRUMENT_SETTING_TEXTS.allowOverdue}
            hint={INSTRUMENT_SETTING_TEXTS.allowOverdueHint}
            checked={now.allowOverdue}
            disabled={saving}
            onChange={(event) => void save({ allowOverdue: event.currentTarget.checked })}
          />
        </Stack>
      )}
    </Stack>
  );
}
