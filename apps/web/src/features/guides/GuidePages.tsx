import {
  Accordion,
  Alert,
  AspectRatio,
  Card,
  Code,
  Image,
  List,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMessageDialog } from '@sweepline/ui';
import type { ReactNode } from 'react';
import { TEXTS } from '../../app/texts';
import { useSiteInfo } from '../contact/useSiteInfo';
import { RoleMatrix } from './RoleMatrix';
import { TutorialVideo } from './TutorialVideo';
import { FAQ, INSTRUMENTS } from './faq-content';
import { QUICK_START, TUTORIALS, type GuideImage } from './guide-content';

/** Words between backquotes are commands: shown as code. */
function withCode(text: string): ReactNode[] {
  return text.split('`').map((part, i) => (i % 2 === 1 ? <Code key={i}>{part}</Code> : part));
}

/** A screenshot, sized to the card and loaded when scrolled to. */
function Screenshot({ image }: { image: GuideImage }) {
  return (
    <Image
      src={image.src}
      alt={image.alt}
      loading="lazy"
      radius="sm"
      mt="sm"
      maw={720}
      style={{ border: '1px solid var(--mantine-color-gray-3)' }}
    />
  );
}

/** /guide/start: four steps. */
export function QuickStartPage() {
  return (
    <Stack gap="md" maw={860}>
      <Title order={1}>Quick Start</Title>
      {QUICK_START.map((step) => (
        <Card key={step.title} withBorder component="section" aria-label={step.title}>
          <Title order={2} size="h3" mb={4}>
            {step.title}
          </Title>
          <Text>{withCode(step.text)}</Text>
          <Screenshot image={step.image} />
        </Card>
      ))}
    </Stack>
  );
}

/**
 * /guide/tutorials: five walk-throughs, each with its video: the one the app ships, or the
 * operator's own where TUTORIAL_VIDEOS gives one (docs/operations.md).
 */
export function TutorialsPage() {
  const errors = useMessageDialog(() => undefined);
  const site = useSiteInfo((message) => errors.show(TEXTS.error, message, false));
  return (
    <Stack gap="md" maw={860}>
      <Title order={1}>Tutorials</Title>
      {TUTORIALS.map((t) => {
        const video = site?.tutorialVideos[t.slug];
        return (
          <Card key={t.slug} withBorder component="section" aria-label={t.title}>
            <Title order={2} size="h3" mb="xs">
              {t.title}
            </Title>
            {video ? (
              <AspectRatio ratio={16 / 9} mb="sm">
                <iframe src={video} title={`${t.title} video`} allowFullScreen style={{ border: 0 }} />
              </AspectRatio>
            ) : (
              <TutorialVideo tutorial={t} />
            )}
            <List type="ordered" spacing={4}>
              {t.steps.map((s) => (
                <List.Item key={s}>{withCode(s)}</List.Item>
              ))}
            </List>
            <Screenshot image={t.image} />
          </Card>
        );
      })}
      {errors.dialog}
    </Stack>
  );
}

function InstrumentsTable() {
  return (
    <Table withTableBorder aria-label="Supported instruments" mt="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Kind</Table.Th>
          <Table.Th>Families</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {INSTRUMENTS.map(([kind, families]) => (
          <Table.Tr key={kind}>
            <Table.Td>{kind}</Table.Td>
            <Table.Td>{families}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /guide/faq: every topic of docs/requirements/download-and-site.md#guide-pages, in the spec's order. */
export function FaqPage() {
  return (
    <Stack gap="md" maw={860}>
      <Title order={1}>FAQ</Title>
      <Accordion
        multiple
        variant="separated"
        defaultValue={FAQ.flatMap((entry, i) => (entry.table ? [String(i)] : []))}
      >
        {/* an item's value becomes part of element ids (aria-controls): its index, not its words */}
        {FAQ.map((entry, i) => (
          <Accordion.Item key={entry.question} value={String(i)}>
            <Accordion.Control>{entry.question}</Accordion.Control>
            <Accordion.Panel>
              {withCode(entry.answer)}
              {entry.table === 'instruments' && <InstrumentsTable />}
              {entry.table === 'roles' && <RoleMatrix />}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Alert color="gray">Another question? Write to us: see Contact Us.</Alert>
    </Stack>
  );
}
