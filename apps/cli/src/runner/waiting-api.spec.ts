import { waitDisplay } from './waiting-api';

function written(tty: boolean) {
  let text = '';
  return { display: waitDisplay(tty, (t) => (text += t)), text: () => text };
}

describe('the wait display', () => {
  it('counts in place on a terminal, and clears the count for the message that ends the wait', () => {
    const { display, text } = written(true);
    display.waiting('the database is not reachable', 0);
    display.waiting('the database is not reachable', 1);
    display.ended();
    const screen = text().split('\r\x1b[2K');
    expect(screen).toEqual([
      '',
      'Waiting for the server (the database is not reachable)… 0 s (Ctrl+C to stop)',
      'Waiting for the server (the database is not reachable)… 1 s (Ctrl+C to stop)',
      '', // the error is written from the start of the cleared line, not after the count
    ]);
  });

  it('replaces the count with the server back, on its own line', () => {
    const { display, text } = written(true);
    display.waiting('it does not answer', 3);
    display.back(4);
    expect(text().endsWith('\r\x1b[2KThe server answers again, after 4 s.\n')).toBe(true);
  });

  it('writes a line when the wait starts and every 10 s in a log, and nothing to clear', () => {
    const { display, text } = written(false);
    for (let s = 0; s <= 21; s++) display.waiting('the database is not reachable', s);
    display.ended();
    expect(text()).toBe(
      ['0', '10', '20']
        .map((s) => `Waiting for the server (the database is not reachable)… ${s} s\n`)
        .join(''),
    );
  });
});
