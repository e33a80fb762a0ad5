import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { HEADLINE_SIZE } from '@sweepline/ui';
import { Link } from 'react-router';
import { FEATURE_BLOCKS } from './feature-blocks';

/** The home page: headline, the seven feature blocks and the note on analyzers (docs/requirements/download-and-site.md#home-page). */
export function HomePage() {
  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Stack gap="xs" ta="center" py="lg">
        <Title order={1} size={HEADLINE_SIZE}>
          Online RF production testing
        </Title>
        <Text size="lg" c="dimmed">
          Define test plans for network analyzers and PIM analyzers, run them anywhere and keep every result.
          Save costs and test anywhere.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {FEATURE_BLOCKS.map((block) => (
          <Card key={block.title} withBorder padding="lg" component="section" aria-label={block.title}>
            <Title order={2} size="h3">
              {block.title}
            </Title>
            <Text mt="xs">{block.text}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text ta="center">
        All mainstream network analyzer and PIM analyzer models are supported: see the{' '}
        <Anchor component={Link} to="/guide/faq">
          FAQ
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
