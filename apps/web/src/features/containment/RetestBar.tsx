import { Button, Group, Select, Text } from '@mantine/core';
import { stagesOf, type ContainmentUnit, type ProductListItem } from '@sweepline/domain';
import { ConfirmDialog } from '@sweepline/ui';
import { useState } from 'react';
import { CONTAINMENT_TEXTS } from './containment-texts';

/** A product's stages as the picker lists them: 'Stage 2: Final, Return loss'. */
function stageOptions(product: ProductListItem) {
  return stagesOf(product.seqs).map((stageNo) => ({
    value: String(stageNo),
    label: `Stage ${stageNo}: ${product.seqs
      .filter((s) => s.stageNo === stageNo)
      .map((s) => s.name)
      .join(', ')}`,
  }));
}

/**
 * Send back for retest: the chosen units (of one product: each product has its own stages) to a
 * stage of their product, after a confirmation.
 */
export function RetestBar({
  chosen,
  total,
  products,
  sending,
  onSend,
}: {
  chosen: ContainmentUnit[];
  total: number;
  products: ProductListItem[] | undefined;
  sending: boolean;
  onSend: (stageNo: number) => void;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const names = [...new Map(chosen.map((u) => [u.productId, u.productName])).values()];
  const productId = names.length === 1 ? chosen[0]!.productId : undefined;
  const product = products?.find((p) => p.id === productId);
  const options = product ? stageOptions(product) : [];
  const stage = options.find((o) => o.value === picked)?.value ?? options[0]?.value ?? null;
  const note =
    names.length > 1
      ? CONTAINMENT_TEXTS.oneProduct(names)
      : product && options.length === 0
        ? CONTAINMENT_TEXTS.noStages(product.name)
        : undefined;

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Text size="sm" role="status" pb={6}>
        {CONTAINMENT_TEXTS.selected(chosen.length, total)}
      </Text>
      <Select
        label="Back to stage"
        placeholder={chosen.length === 0 ? 'Choose units first' : undefined}
        data={options}
        value={stage}
        onChange={setPicked}
        disabled={options.length === 0}
        allowDeselect={false}
        w={260}
      />
      <Button disabled={stage === null} loading={sending} onClick={() => setAsking(true)}>
        Send back for retest
      </Button>
      {note && (
        <Text size="sm" c="orange.9" role="status" pb={6}>
          {note}
        </Text>
      )}
      {stage !== null && product && (
        <ConfirmDialog
          opened={asking}
          message={CONTAINMENT_TEXTS.confirm(chosen.length, product.name, Number(stage))}
          confirmLabel="Send back"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            onSend(Number(stage));
          }}
        />
      )}
    </Group>
  );
}
