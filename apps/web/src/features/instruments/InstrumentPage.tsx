import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { canManageUsers, ROLE_LABELS, type InstrumentDetail } from '@sweepline/domain';
import { localDateTime, notifyInfo, useMessageDialog } from '@sweepline/ui';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { sessionUserAtom } from '../../app/session.atoms';
import { TEXTS } from '../../app/texts';
import { CalibrationBadge } from './CalibrationBadge';
import { CalibrationsTable } from './CalibrationsTable';
import { CertificateDialog } from './CertificateDialog';
import { CertificatesTable } from './CertificatesTable';
import { useCertificatePdf } from './useCertificatePdf';
import { useInstrument } from './useInstruments';

/** '12' → 12; anything else (a typed address) → undefined, and nothing is asked. */
function idOf(text: string | undefined): number | undefined {
  return text !== undefined && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined;
}

/**
 * One instrument (/instruments/:instrumentId, docs/web.md "Instruments"): what it is, its state,
 * its certificate history with the PDFs, and the latest calibrations made on it. Managers record
 * a new certificate here.
 */
export function InstrumentPage() {
  const instrumentId = idOf(useParams().instrumentId);
  const { data, error, loading } = useInstrument(instrumentId);
  const shown = data?.id === instrumentId ? data : undefined;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/instruments" size="sm" w="fit-content">
        ← All instruments
      </Anchor>
      {instrumentId === undefined && <Text>No such instrument.</Text>}
      {error && (
        <Alert color="red" title="The instrument could not be read" role="alert">
          {error}
        </Alert>
      )}
      {!shown && loading && (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      )}
      {shown && <InstrumentView instrument={shown} />}
    </Stack>
  );
}

function InstrumentView({ instrument: i }: { instrument: InstrumentDetail }) {
  const manager = canManageUsers(useAtomValue(sessionUserAtom).role);
  const [recording, setRecording] = useState(false);
  const errors = useMessageDialog(() => undefined);
  const pdf = useCertificatePdf(i.id, (message) => errors.show(TEXTS.error, message, false));
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>
            {i.model} {i.serial}
          </Title>
          <Text size="sm">
            {ROLE_LABELS[i.role]} · {i.vendor} · firmware {i.firmware ?? '-'}
            {i.resource ? ` · ${i.resource}` : ''}
          </Text>
          <Text size="sm">
            Last used:{' '}
            {i.lastUsedAt ? `${i.lastStation ?? 'unknown station'}, ${localDateTime(i.lastUsedAt)}` : 'never'}
          </Text>
          <Group gap="xs">
            <Text size="sm">Calibration:</Text>
            <CalibrationBadge of={{ ...i, dueOn: i.certificate?.dueOn ?? null }} />
            {i.certificate && <Text size="sm">due on {i.certificate.dueOn}</Text>}
          </Group>
        </Stack>
        <Group gap="sm">
          <Button variant="default" component={Link} to={`/containment?instrument_id=${i.id}`}>
            Units it measured
          </Button>
          {manager && <Button onClick={() => setRecording(true)}>Record certificate</Button>}
        </Group>
      </Group>
      <section aria-label="Certificates">
        <Title order={2} mb="xs">
          Certificates
        </Title>
        <CertificatesTable certificates={i.certificates} onPdf={(c) => void pdf(c)} />
      </section>
      <section aria-label="Latest calibrations">
        <Title order={2} mb="xs">
          Latest calibrations
        </Title>
        <CalibrationsTable calibrations={i.calibrations} />
      </section>
      {recording && (
        <CertificateDialog
          instrument={i}
          onCancel={() => setRecording(false)}
          onRecorded={(certificate) => {
            setRecording(false);
            notifyInfo(`Certificate ${certificate.number} recorded.`);
          }}
        />
      )}
      {errors.dialog}
    </>
  );
}
