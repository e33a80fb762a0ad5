import { ConfirmDialog } from '@sweepline/ui';
import { MSG } from '@sweepline/domain';
import { useAtomValue } from 'jotai';
import { CalibrationsDialog } from './calibrations/CalibrationsDialog';
import { ProcessControlDialog } from './dialogs/ProcessControlDialog';
import { ProductDialog } from './dialogs/ProductDialog';
import { SeqNameDialog } from './dialogs/SeqNameDialog';
import { StepDialog } from './dialogs/StepDialog';
import { ReleaseDialog } from './releases/ReleaseDialog';
import { ReleasesDialog } from './releases/ReleasesDialog';
import { dialogAtom, readOnlyAtom, seqAtom } from './product.atoms';
import type { EditorActions } from './useEditorActions';

/** The open dialog of the screen (docs/requirements/test-editor.md#layout), with the action each one's Save runs. */
export function EditorDialogs({ actions }: { actions: EditorActions }) {
  const dialog = useAtomValue(dialogAtom);
  const seq = useAtomValue(seqAtom);
  const readOnly = useAtomValue(readOnlyAtom);
  const close = actions.closeDialog;
  switch (dialog?.kind) {
    case 'product':
      return (
        <ProductDialog
          product={dialog.product}
          onSave={(body) => void actions.saveProduct(body, dialog.product?.id)}
          onCancel={close}
        />
      );
    case 'seqName':
      return (
        <SeqNameDialog
          seq={dialog.seq}
          onSave={(name) => void actions.saveSeqName(name, dialog.seq?.id)}
          onCancel={close}
        />
      );
    case 'processControl':
      return (
        <ProcessControlDialog
          product={dialog.product}
          onSave={(rows) => void actions.saveProcessControl(rows)}
          onCancel={close}
        />
      );
    case 'step':
      return (
        <StepDialog
          step={dialog.step}
          onSave={(body) => void actions.saveStep(body, dialog.step?.id)}
          onCancel={close}
        />
      );
    case 'cals':
      // the test as last answered, so a save shows the stored calibrations when it opens again
      return (
        <CalibrationsDialog
          opened
          cals={(seq ?? dialog.seq).cals}
          steps={(seq ?? dialog.seq).steps}
          readOnly={readOnly}
          onClose={close}
          onSave={actions.saveCals}
        />
      );
    case 'deleteProduct':
      return (
        <ConfirmDialog
          opened
          message={MSG.deleteProduct(dialog.product.name)}
          confirmLabel="Delete"
          onConfirm={() => void actions.deleteProduct(dialog.product)}
          onCancel={close}
        />
      );
    case 'release':
      return (
        <ReleaseDialog
          seq={seq ?? dialog.seq}
          onRelease={(note) => void actions.release(seq ?? dialog.seq, note)}
          onCancel={close}
        />
      );
    case 'releases':
      return <ReleasesDialog seq={seq ?? dialog.seq} actions={actions} onClose={close} />;
    default:
      return null;
  }
}
