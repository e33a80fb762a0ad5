import { Box } from '@mantine/core';
import { MSG, type EditorProduct } from '@sweepline/domain';
import { IconToolbar, InfoPopover, notifyInfo, SelectableList, ToolIcons } from '@sweepline/ui';
import { useAtomValue } from 'jotai';
import { memo, useState, type KeyboardEvent } from 'react';
import './product-model.css';
import { auditRows } from './audit-rows';
import { DIMMED_SMALL, ROW_TEXT } from './row-styles';
import { EditorColumn } from './EditorColumn';
import { useListSize } from './editor-layout';
import { EDITOR_TEXTS } from './editor-texts';
import { SpcMailSwitch } from '../spc/SpcMailSwitch';
import { productAtom, productsAtom, readOnlyAtom } from './product.atoms';
import type { EditorActions } from './useEditorActions';

const renderProduct = (p: EditorProduct) => (
  <div style={ROW_TEXT}>
    <div style={ROW_TEXT} title={p.name}>
      {p.name}
    </div>
    {/* the model is drawn by CSS from data-model: the option's name is the product's name
        (aria-label), and its visible text must not say more than its name (WCAG 2.5.3) */}
    {p.model && <div className="product-model" style={DIMMED_SMALL} title={p.model} data-model={p.model} />}
  </div>
);

/** The Products column (docs/requirements/test-editor.md#layout): add, edit, information, delete. */
export const ProductsColumn = memo(function ProductsColumn({ actions }: { actions: EditorActions }) {
  const listSize = useListSize();
  const products = useAtomValue(productsAtom) ?? [];
  const product = useAtomValue(productAtom);
  const readOnly = useAtomValue(readOnlyAtom);
  const [infoOpen, setInfoOpen] = useState(false);

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Delete' && !readOnly) void actions.askDeleteProduct();
  };
  const showInfo = () => (product ? setInfoOpen(true) : notifyInfo(MSG.noProductSelected));

  const tools = [
    { label: 'Add product', icon: ToolIcons.add, onClick: () => void actions.openAddProduct() },
    { label: 'Edit product', icon: ToolIcons.edit, onClick: () => void actions.openEditProduct() },
    { label: 'Product information', icon: ToolIcons.info, onClick: showInfo },
    {
      label: 'Delete product',
      icon: ToolIcons.remove,
      onClick: () => void actions.askDeleteProduct(),
      color: 'red',
    },
  ];

  return (
    <EditorColumn
      label="Products"
      footer={product && <SpcMailSwitch productId={product.id} />}
      tools={
        !readOnly && (
          <InfoPopover
            title="Product information"
            rows={product ? auditRows(product) : []}
            opened={infoOpen && product !== undefined}
            onClose={() => setInfoOpen(false)}
          >
            <Box>
              <IconToolbar label="Product tools" tools={tools} />
            </Box>
          </InfoPopover>
        )
      }
    >
      <SelectableList
        label="Products"
        items={products}
        itemKey={(p) => p.id}
        itemLabel={(p) => p.name}
        renderItem={renderProduct}
        selected={new Set(product ? [product.id] : [])}
        onSelect={(id) => void actions.selectProduct(id)}
        onKey={onKey}
        emptyText={EDITOR_TEXTS.noProducts}
        {...listSize}
      />
    </EditorColumn>
  );
});
