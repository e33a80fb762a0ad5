import { debounce } from './debounce';

describe('a debounced call (the moved order, 400 ms after the last click)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('calls once, the delay after the last request of a burst', () => {
    const call = jest.fn();
    const later = debounce(400);
    later.request(call);
    jest.advanceTimersByTime(300);
    later.request(call);
    jest.advanceTimersByTime(399);
    expect(call).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('does not call once cancelled (the order was saved before another action)', () => {
    const call = jest.fn();
    const later = debounce(400);
    later.request(call);
    later.cancel();
    jest.advanceTimersByTime(1000);
    expect(call).not.toHaveBeenCalled();
  });
});
