import { Button, Center, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { SnStageHistory } from '@sweepline/domain';
import { MSG, SERIAL_NUMBER_MAX_LENGTH } from '@sweepline/domain';
import { ConfirmDialog, countText, useMessageDialog } from '@sweepline/ui';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { TEXTS } from '../../app/texts';
import { AddSerialNumbersDialog } from './AddSerialNumbersDialog';
import { JumpToStageDialog } from './JumpToStageDialog';
import { ProductList } from './ProductList';
import {
  snDialogAtom,
  snProductAtom,
  snProductIdAtom,
  snProductsAtom,
  snScrollToAtom,
  snSearchAtom,
  snSelectionAtom,
  snShownAtom,
} from './serial-numbers.atoms';
import { SerialNumberList } from './SerialNumberList';
import { NO_SELECTION } from './sn-selection';
import { StageHistoryDialog } from './StageHistoryDialog';
import { useSnActions } from './useSnActions';
import { useSnProducts } from './useSnProducts';
import { useSnUnits } from './useSnUnits';
import { SCREEN_TITLES } from '../../app/screen-titles';

const LIST_HEIGHT = 480;

/**
 * Serial Numbers (/sn, docs/requirements/serial-numbers.md#screen, docs/requirements/serial-numbers.md#add-dialog, docs/requirements/serial-numbers.md#messages): products on the left, the selected
 * product's serial numbers on the right; every failed call shows a modal error alert.
 */
export function SerialNumbersPage() {
  const products = useAtomValue(snProductsAtom);
  const [productId, setProductId] = useAtom(snProductIdAtom);
  const product = useAtomValue(snProductAtom);
  const [search, setSearch] = useAtom(snSearchAtom);
  const shown = useAtomValue(snShownAtom);
  const [selection, setSelection] = useAtom(snSelectionAtom);
  const [dialog, setDialog] = useAtom(snDialogAtom);
  const [scrollTo, setScrollTo] = useAtom(snScrollToAtom);
  const [history, setHistory] = useState<SnStageHistory>();
  const errors = useMessageDialog(() => undefined);
  const onError = (message: string) => errors.show(TEXTS.error, message, false);
  const actions = useSnActions(onError);
  const ready = useSnProducts(onError);
  const units = useSnUnits(product, onError);

  // each visit starts with nothing selected or searched
  useEffect(() => {
    setSelection(NO_SELECTION);
    setSearch('');
    setScrollTo(undefined);
  }, []);

  const selectProduct = (id: number) => {
    setProductId(id);
    setSelection(NO_SELECTION);
    setScrollTo(undefined);
  };
  const showHistory = async () => {
    const [sn] = actions.selected();
    if (!product || sn === undefined) return actions.open('history');
    setHistory(await actions.history(product.id, sn));
  };
  const count = selection.selected.size;

  return (
    <Stack gap="md">
      <Title order={1}>{SCREEN_TITLES.sn}</Title>
      <TextInput
        label="Search"
        placeholder="Part of a serial number"
        maxLength={SERIAL_NUMBER_MAX_LENGTH}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setScrollTo(undefined);
        }}
        maw={360}
      />
      {!ready ? (
        <Center mih={LIST_HEIGHT}>
          <Loader aria-label="Loading products" />
        </Center>
      ) : (
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Paper component="section" aria-label="Products" withBorder p="xs" w={260}>
            <ProductList products={products} selectedId={productId} onSelect={selectProduct} />
          </Paper>
          <Paper
            component="section"
            aria-label="Serial Numbers"
            withBorder
            p="xs"
            style={{ flex: 1, minWidth: 300 }}
          >
            <Group gap="xs" mb="xs">
              <Button onClick={() => actions.open('add')}>Add</Button>
              <Button variant="default" onClick={() => actions.open('jump')}>
                Jump to Stage
              </Button>
              <Button variant="default" color="red" onClick={() => actions.open('delete')}>
                Delete
              </Button>
              <Button variant="subtle" onClick={() => void showHistory()}>
                Stage History
              </Button>
            </Group>
            <Text size="sm" c="dimmed" mb={4} role="status">
              {product
                ? `${countText(shown.length)} of ${countText(product.snArray.length)} serial numbers, ${count} selected`
                : MSG.noProductSelected}
            </Text>
            <SerialNumberList
              shown={shown}
              selection={selection}
              onSelection={setSelection}
              onCopy={(sn) => void actions.copy(sn)}
              units={units}
              scrollTo={scrollTo}
              height={LIST_HEIGHT}
            />
          </Paper>
        </Group>
      )}
      <AddSerialNumbersDialog
        opened={dialog === 'add'}
        productName={product?.name ?? ''}
        onCancel={() => setDialog(undefined)}
        onAdd={actions.add}
      />
      {dialog === 'jump' && product && (
        <JumpToStageDialog
          opened
          stages={product.stageArray}
          count={count}
          onCancel={() => setDialog(undefined)}
          onJump={(stageNo) => void actions.jump(stageNo)}
        />
      )}
      <ConfirmDialog
        opened={dialog === 'delete'}
        message={MSG.deleteSerialNumbers(actions.selected().length)}
        confirmLabel="Delete"
        onConfirm={() => void actions.remove()}
        onCancel={() => setDialog(undefined)}
      />
      <StageHistoryDialog history={history} onClose={() => setHistory(undefined)} />
      {errors.dialog}
    </Stack>
  );
}
