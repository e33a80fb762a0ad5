import { EventStreamReader } from './event-stream';

describe('EventStreamReader', () => {
  it('answers events as their blank line arrives, across chunks, skipping comments', () => {
    const reader = new EventStreamReader();
    expect(reader.push('retry: 2000\nevent: board\ndata: {"a"')).toEqual([]);
    expect(reader.push(':1}\n\n: keep-alive\n\ndata: x\ndata: y\n\nevent: st')).toEqual([
      { event: 'board', data: '{"a":1}' },
      { event: 'message', data: 'x\ny' },
    ]);
    expect(reader.push('ation\ndata: 2\n\n')).toEqual([{ event: 'station', data: '2' }]);
  });
});
