/** A call made once the requests stop for `delayMs`; a new request restarts the wait. */
export function debounce(delayMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    request(call: () => void) {
      clearTimeout(timer);
      timer = setTimeout(call, delayMs);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

export type Debounced = ReturnType<typeof debounce>;
