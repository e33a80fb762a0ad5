import { SimpleGrid, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useMessageDialog } from '@sweepline/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { reportFailure } from '../../app/api-client';
import { TEXTS } from '../../app/texts';
import { EditorDialogs } from './EditorDialogs';
import { useWideEditor, WIDE_GRID } from './editor-layout';
import { ParamsPanel } from './ParamsPanel';
import { productsAtom } from './product.atoms';
import { ProductsColumn } from './ProductsColumn';
import { StepsColumn } from './StepsColumn';
import { TestsColumn } from './TestsColumn';
import { useEditorActions } from './useEditorActions';

/**
 * The Products screen (/product, docs/requirements/step-parameters.md): three columns and the Step Parameters panel.
 * Failures show the modal error alert with OK (docs/requirements/errors-and-envelope.md#client-side-errors); the shell's overlay shows while
 * calls run.
 */
export function ProductPage() {
  const errors = useMessageDialog(() => undefined);
  const show = useRef(errors.show);
  show.current = errors.show;
  const actions = useEditorActions((error) =>
    reportFailure(error, (message) => show.current(TEXTS.error, message, false)),
  );
  const loaded = useAtomValue(productsAtom) !== undefined;
  const wide = useWideEditor();

  useEffect(() => {
    // once each time the screen opens; the browser revalidates the reply with its ETag
    void actions.load();
  }, [actions]);

  return (
    <Stack gap="sm">
      <VisuallyHidden>
        <Title order={1}>Products</Title>
      </VisuallyHidden>
      {loaded && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" style={wide ? WIDE_GRID : undefined}>
          <ProductsColumn actions={actions} />
          <TestsColumn actions={actions} />
          <StepsColumn actions={actions} />
          <ParamsPanel actions={actions} />
        </SimpleGrid>
      )}
      <EditorDialogs actions={actions} />
      {errors.dialog}
    </Stack>
  );
}
