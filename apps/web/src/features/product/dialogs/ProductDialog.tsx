import { Textarea, TextInput } from '@mantine/core';
import { LIMITS, productDialogErrors, type EditorProduct, type ProductBody } from '@sweepline/domain';
import { FormDialog, textField, useFormState, type Rules } from '@sweepline/ui';

interface Values {
  name: string;
  model: string;
  info: string;
}

/** Each field's message from the domain's product-dialog rule (docs/requirements/test-editor.md#messages). */
const fieldRule =
  (field: keyof Values) =>
  (_: string, values: Values): string | undefined =>
    productDialogErrors(values).find((e) => e.field === field)?.message;

const RULES: Rules<Values> = { name: fieldRule('name'), model: fieldRule('model'), info: fieldRule('info') };

export interface ProductDialogProps {
  product: EditorProduct | undefined;
  onSave: (body: ProductBody) => void;
  onCancel: () => void;
}

/** The product dialog (docs/requirements/products.md#product-tools): name, model, info; sent trimmed. */
export function ProductDialog({ product, onSave, onCancel }: ProductDialogProps) {
  const form = useFormState<Values>(
    { name: product?.name ?? '', model: product?.model ?? '', info: product?.info ?? '' },
    RULES,
  );
  const { name, model, info } = form.values;
  return (
    <FormDialog
      title={product ? 'Edit Product' : 'Add Product'}
      form={form}
      submitLabel="Save"
      onValid={() => onSave({ name: name.trim(), model: model.trim(), info: info.trim() })}
      onCancel={onCancel}
    >
      <TextInput
        label="Name"
        required
        data-autofocus
        maxLength={LIMITS.nameLength}
        {...textField(form, 'name')}
      />
      <TextInput label="Model" maxLength={LIMITS.nameLength} {...textField(form, 'model')} />
      <Textarea
        label="Info"
        autosize
        minRows={2}
        maxLength={LIMITS.longTextLength}
        {...textField(form, 'info')}
      />
    </FormDialog>
  );
}
