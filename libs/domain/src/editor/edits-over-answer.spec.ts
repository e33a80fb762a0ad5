import { keepEditsOverAnswer } from './edits-over-answer';

describe('keepEditsOverAnswer', () => {
  const sent = { title: 'IL', upper: 1, lower: null as number | null, sParam: 'S21' };

  it('is the answer when nothing was edited since the save', () => {
    const answered = { ...sent, title: 'Insertion Loss Max - S21' };
    expect(keepEditsOverAnswer(sent, { ...sent }, answered)).toBe(answered);
  });

  it('is the answer itself when the answer already holds every edit since the save', () => {
    const edited = { ...sent, upper: 1.5, title: 'Insertion Loss Max - S21' };
    const answered = { ...sent, upper: 1.5, title: 'Insertion Loss Max - S21' };
    expect(keepEditsOverAnswer(sent, edited, answered)).toBe(answered);
  });

  it('keeps the fields edited since the save and takes the others from the answer', () => {
    const edited = { ...sent, upper: 1.5 };
    const answered = { ...sent, upper: 1, title: 'Insertion Loss Max - S21' };
    expect(keepEditsOverAnswer(sent, edited, answered)).toEqual({
      ...sent,
      upper: 1.5,
      title: 'Insertion Loss Max - S21',
    });
  });

  it('keeps a field cleared or filled since the save, not the sent value the answer holds', () => {
    const edited = { ...sent, lower: 0 };
    expect(keepEditsOverAnswer(sent, edited, { ...sent, lower: null })).toEqual(edited);
  });

  it('merges inside nested objects and arrays of unchanged length', () => {
    const trace = (scale: number, name: string) => ({ scale, name });
    const param = (a: object, b: object, title: string) => ({
      channelArray: [{ title, traceArray: [a, b] }],
    });
    const before = param(trace(10, ''), trace(10, ''), '');
    const edited = param(trace(10, ''), trace(5, ''), '');
    const answered = param(trace(10, 'S21'), trace(10, ''), 'Alignment Check');
    expect(keepEditsOverAnswer(before, edited, answered)).toEqual(
      param(trace(10, 'S21'), trace(5, ''), 'Alignment Check'),
    );
  });

  it('keeps a list whose length was edited whole', () => {
    const before = { optionArray: ['a', 'b'] };
    const edited = { optionArray: ['a', 'b', 'c'] };
    expect(keepEditsOverAnswer(before, edited, { optionArray: ['A', 'b'] })).toEqual(edited);
  });

  it('drops a field the user removed and keeps one the server added', () => {
    const before: Record<string, unknown> = { a: 1, b: 2 };
    const edited: Record<string, unknown> = { a: 1 };
    expect(keepEditsOverAnswer(before, edited, { a: 1, b: 2, c: 3 })).toEqual({ a: 1, c: 3 });
  });
});
