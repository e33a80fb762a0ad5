/** The deepest nesting of arrays and objects a JSON body may have (docs/api.md, "What a body may hold"). */
export const MAX_JSON_DEPTH = 64;

const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether UTF-8 JSON text nests arrays and objects deeper than `max`, read in one pass over its
 * bytes, before JSON.parse builds anything: a body of nested arrays costs the parser, and every
 * recursive walk after it (class-transformer, the validation pipe), a stack frame per level.
 * Brackets inside strings do not count. The text need not be valid JSON; JSON.parse judges that.
 * UTF-8 never uses these ASCII bytes inside a multi-byte character, so bytes are enough.
 */
export function nestsDeeperThan(text: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const byte = text[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--;
  }
  return false;
}
