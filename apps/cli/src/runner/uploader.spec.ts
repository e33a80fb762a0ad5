import { queueUploadedLine } from './uploader';

describe('what run says when runs of the queue went up (issue 38)', () => {
  it('counts them in plain words', () => {
    expect(queueUploadedLine(1)).toBe('Uploaded 1 run from the queue.');
    expect(queueUploadedLine(3)).toBe('Uploaded 3 runs from the queue.');
  });
});
