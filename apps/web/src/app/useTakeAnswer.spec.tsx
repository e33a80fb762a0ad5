import { renderHook } from '@testing-library/react';
import { useTakeAnswer } from './useTakeAnswer';

describe('useTakeAnswer', () => {
  it('takes each new answer once, by identity, and nothing while there is none', () => {
    const taken: string[][] = [];
    const first = ['a'];
    const { rerender } = renderHook(({ answer }) => useTakeAnswer(answer, (a) => taken.push(a)), {
      initialProps: { answer: undefined as string[] | undefined },
    });
    expect(taken).toEqual([]);
    rerender({ answer: first });
    rerender({ answer: first });
    expect(taken).toEqual([['a']]);
    const second = ['a'];
    rerender({ answer: second });
    expect(taken).toHaveLength(2);
    expect(taken[1]).toBe(second);
  });
});
