/**
 * What the step parameter form shows when the server answers a save while the user kept editing
 * (docs/web.md, "What the panel shows"): the answer, except where the user changed the param
 * since the save was sent. Objects, and arrays whose length nobody changed, are merged item by
 * item, so a trace edited in an Align step keeps its edit while the rest shows the answer.
 * Where the answer holds every edit already (a second save of the same keys answered), the
 * result is `answered` itself: the caller sees by identity that nothing is left to save.
 */
export function keepEditsOverAnswer<T>(sent: T, edited: T, answered: T): T {
  return merge(sent, edited, answered) as T;
}

function merge(sent: unknown, edited: unknown, answered: unknown): unknown {
  if (sameValue(edited, sent) || sameValue(edited, answered)) return answered;
  if (isPlainObject(sent) && isPlainObject(edited) && isPlainObject(answered)) {
    const keys = new Set([...Object.keys(answered), ...Object.keys(edited)]);
    const merged: Record<string, unknown> = {};
    for (const key of keys) {
      const value = merge(sent[key], edited[key], answered[key]);
      if (value !== undefined) merged[key] = value;
    }
    return merged;
  }
  if (
    Array.isArray(sent) &&
    Array.isArray(edited) &&
    Array.isArray(answered) &&
    edited.length === sent.length &&
    answered.length === sent.length
  ) {
    return edited.map((item, i) => merge(sent[i], item, answered[i]));
  }
  return edited;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Structural equality of JSON values (a param is JSON). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]))
    );
  }
  return false;
}
