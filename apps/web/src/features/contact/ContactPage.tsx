import { Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useMessageDialog } from '@sweepline/ui';
import { TEXTS } from '../../app/texts';
import { useSiteInfo } from './useSiteInfo';

/** /contact (docs/requirements/download-and-site.md#contact-page): the company's details, all from GET /site. */
export function ContactPage() {
  const errors = useMessageDialog(() => undefined);
  const info = useSiteInfo((message) => errors.show(TEXTS.error, message, false));
  const c = info?.contact;
  return (
    <Stack maw={720} mx="auto" gap="md">
      <Title order={1}>Contact Us</Title>
      {c && (
        <Card withBorder>
          <Title order={2} mb="sm">
            {c.company}
          </Title>
          <Table variant="vertical" aria-label="Contact details">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={160}>Phone</Table.Th>
                <Table.Td>
                  <Anchor href={`tel:${c.phone.replace(/\s/g, '')}`}>{c.phone}</Anchor>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>General enquiries</Table.Th>
                <Table.Td>
                  <Anchor href={`mailto:${c.email}`}>{c.email}</Anchor>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>LinkedIn</Table.Th>
                <Table.Td>
                  <Anchor href={c.linkedIn} target="_blank" rel="noreferrer">
                    {c.company} on LinkedIn
                  </Anchor>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Address</Table.Th>
                <Table.Td>{c.address}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Company registry</Table.Th>
                <Table.Td>
                  <Anchor href={c.registryUrl} target="_blank" rel="noreferrer">
                    Look us up in the Australian Business Register
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Card>
      )}
      <Text c="dimmed" size="sm">
        We answer e-mails on Australian business days.
      </Text>
      {errors.dialog}
    </Stack>
  );
}
