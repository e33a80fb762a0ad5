import { Anchor, Table, Text } from '@mantine/core';
import type { Certificate } from '@sweepline/domain';
import { localDateTime } from '@sweepline/ui';

/** An instrument's certificate history, newest first, each with its PDF to download. */
export function CertificatesTable({
  certificates,
  onPdf,
}: {
  certificates: Certificate[];
  onPdf: (certificate: Certificate) => void;
}) {
  if (certificates.length === 0)
    return <Text c="dimmed">No certificate recorded: its calibration state is unknown.</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label="Certificates" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Laboratory</Table.Th>
            <Table.Th>Calibrated on</Table.Th>
            <Table.Th>Due on</Table.Th>
            <Table.Th>Recorded</Table.Th>
            <Table.Th>Certificate</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {certificates.map((certificate) => (
            <Table.Tr key={certificate.id}>
              <Table.Td>{certificate.number}</Table.Td>
              <Table.Td>{certificate.laboratory}</Table.Td>
              <Table.Td>{certificate.calibratedOn}</Table.Td>
              <Table.Td>{certificate.dueOn}</Table.Td>
              <Table.Td>
                {certificate.recordedBy}
                <Text size="xs" c="dimmed">
                  {localDateTime(certificate.recordedAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  aria-label={`Download ${certificate.fileName}, certificate ${certificate.number}`}
                  onClick={() => onPdf(certificate)}
                >
                  {certificate.fileName}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {Math.max(1, Math.round(certificate.fileBytes / 1024))} KB
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
