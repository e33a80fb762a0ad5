import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { TUTORIALS, tutorialMedia } from './guide-content';

// The tutorials' videos and captions are committed files (scripts/tutorial-videos makes them;
// docs/tutorials.md): each must be there, small enough for git, an MP4, and its captions a
// WebVTT file a browser accepts, whose cues follow the video in order.

const PUBLIC = join(__dirname, '../../../public');
const read = (url: string) => readFileSync(join(PUBLIC, url));

/** '00:01:02.500' → 62.5; NaN for anything else. */
function seconds(stamp: string): number {
  const match = /^(\d{2,}):([0-5]\d):([0-5]\d)\.(\d{3})$/.exec(stamp);
  if (!match) return Number.NaN;
  const [, h, m, s, ms] = match.map(Number) as [number, number, number, number, number];
  return h * 3600 + m * 60 + s + ms / 1000;
}

interface ParsedCue {
  start: number;
  end: number;
  text: string;
}

/** The cues of a WebVTT file, or the first thing wrong with it. */
function parseWebVtt(text: string): ParsedCue[] {
  const [header, ...blocks] = text
    .replace(/\r\n/g, '\n')
    .trim()
    .split(/\n{2,}/);
  if (!/^WEBVTT( |\t|$)/.test(header!)) throw new Error(`No WEBVTT header: ${header}`);
  return blocks.map((block) => {
    const lines = block.split('\n');
    const timing = lines.findIndex((line) => line.includes('-->'));
    if (timing < 0) throw new Error(`A cue without timing: ${block}`);
    const [from, to] = lines[timing]!.split(/\s+-->\s+/);
    const cue = {
      start: seconds(from!),
      end: seconds(to!.split(/\s/)[0]!),
      text: lines.slice(timing + 1).join('\n'),
    };
    if (Number.isNaN(cue.start) || Number.isNaN(cue.end)) throw new Error(`Bad timestamps: ${lines[timing]}`);
    return cue;
  });
}

describe.each(TUTORIALS.map((t) => [t.slug]))('the tutorial %s', (slug) => {
  const media = tutorialMedia(slug);

  it('has its video: an MP4 under 2 MB', () => {
    const size = statSync(join(PUBLIC, media.video)).size;
    expect(size).toBeGreaterThan(20_000);
    expect(size).toBeLessThan(2_000_000);
    // an ISO media file begins with its ftyp box
    expect(read(media.video).subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  it('has captions: WebVTT, with cues in order that say something', () => {
    const cues = parseWebVtt(read(media.captions).toString('utf8'));
    expect(cues.length).toBeGreaterThanOrEqual(3);
    let previousEnd = 0;
    for (const cue of cues) {
      expect(cue.start).toBeGreaterThanOrEqual(previousEnd);
      // long enough to read
      expect(cue.end - cue.start).toBeGreaterThanOrEqual(1.5);
      expect(cue.text.trim()).not.toBe('');
      previousEnd = cue.end;
    }
  });
});

describe('the captions check', () => {
  const file = (cues: string) => `WEBVTT\n\n${cues}\n`;

  it('refuses a file without its header, a bad timestamp and a cue without timing', () => {
    expect(() => parseWebVtt('1\n00:00:00.000 --> 00:00:02.000\nHi')).toThrow('No WEBVTT header');
    expect(() => parseWebVtt(file('00:00:00.000 --> 00:00:2.000\nHi'))).toThrow('Bad timestamps');
    expect(() => parseWebVtt(file('Hi there'))).toThrow('A cue without timing');
  });

  it('reads the times of each cue', () => {
    expect(parseWebVtt(file('1\n00:00:01.500 --> 00:01:02.250\nHi'))).toEqual([
      { start: 1.5, end: 62.25, text: 'Hi' },
    ]);
  });
});
