import { useStore } from 'jotai';
import { useMemo } from 'react';
import { calActions } from './actions/cal-actions';
import { editorContext, type Store } from './actions/editor-context';
import { moveActions } from './actions/move-actions';
import { productActions } from './actions/product-actions';
import { releaseActions } from './releases/release-actions';
import { savePath } from './actions/save-path';
import { selectionActions } from './actions/selection-actions';
import { seqActions } from './actions/seq-actions';
import { stepActions } from './actions/step-actions';

/**
 * Every action of the Products screen, by concern (`actions/`). Each one first saves what is
 * pending through the one save path (the parameter draft, a moved order: docs/requirements/test-editor.md#saving), then
 * calls the server and shows its answer (docs/web.md, "How the editor's state flows").
 */
function editorActions(store: Store, onError: (error: unknown) => void) {
  const ctx = editorContext(store);
  const saves = savePath(ctx, onError);
  return {
    ...selectionActions(ctx, saves),
    ...productActions(ctx, saves),
    ...seqActions(ctx, saves),
    ...calActions(ctx, saves),
    ...stepActions(ctx, saves),
    ...moveActions(ctx, saves),
    ...releaseActions(ctx, saves),
  };
}

export type EditorActions = ReturnType<typeof editorActions>;

export function useEditorActions(onError: (error: unknown) => void): EditorActions {
  const store = useStore();
  // one set of actions per store: they read the atoms when they run, never a stale render's values
  return useMemo(() => editorActions(store, onError), [store]);
}
