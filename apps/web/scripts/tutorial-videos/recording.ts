import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { toWebVtt, type Cue } from './webvtt';

/** Frames a second of the video: enough for clicks and typing, small for git. */
const FPS = 8;

interface Frame {
  file: string;
  /** Seconds, on the same clock as Date.now(): chromium stamps screencast frames so. */
  at: number;
}

/**
 * One tutorial's recording: chromium's screencast (a JPEG each time the page repaints, stamped
 * with its time) joined by Debian's ffmpeg into an H.264 MP4, and the captions, each shown from
 * the moment `caption` is called until the next one, as WebVTT beside it.
 */
export class Recording {
  private readonly frames: Frame[] = [];
  private readonly cues: Cue[] = [];
  /** When the first caption started the screencast; undefined before. */
  private started: number | undefined;

  private constructor(
    private readonly cdp: CDPSession,
    private readonly page: Page,
    private readonly dir: string,
  ) {}

  /** Ready to record `page`; the video begins with the first caption, after the tour's setup. */
  static async open(context: BrowserContext, page: Page): Promise<Recording> {
    const cdp = await context.newCDPSession(page);
    const recording = new Recording(cdp, page, mkdtempSync(join(tmpdir(), 'sweepline-tutorial-')));
    cdp.on('Page.screencastFrame', (frame) => {
      const file = join(recording.dir, `${String(recording.frames.length).padStart(5, '0')}.jpg`);
      writeFileSync(file, Buffer.from(frame.data, 'base64'));
      recording.frames.push({ file, at: frame.metadata.timestamp ?? now() });
      void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
    });
    return recording;
  }

  /** Shows `text` from now on, in place of the caption before it. */
  async caption(text: string): Promise<void> {
    if (this.started === undefined) {
      const { width, height } = this.page.viewportSize()!;
      this.started = now();
      await this.cdp.send('Page.startScreencast', {
        format: 'jpeg',
        quality: 85,
        maxWidth: width,
        maxHeight: height,
      });
    }
    this.endCue();
    this.cues.push({ start: this.elapsed(), end: Number.NaN, text });
  }

  /** Stops, and writes `<base>.mp4` and `<base>.vtt`. */
  async finish(base: string): Promise<void> {
    await this.cdp.send('Page.stopScreencast');
    const end = now();
    this.endCue();
    if (this.frames.length === 0) throw new Error(`No frame was recorded for ${base}`);
    writeFileSync(join(this.dir, 'frames.txt'), this.concatList(end));
    // H.264 in MP4: every browser plays it, and x264 encodes it quickly on a busy machine;
    // faststart puts the index first, so a player starts before the whole file has arrived
    execFileSync(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0'],
        ...['-i', join(this.dir, 'frames.txt'), '-vf', `fps=${FPS},format=yuv420p`],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-tune', 'stillimage'],
        ...['-movflags', '+faststart', '-an', `${base}.mp4`],
      ],
      { stdio: 'inherit' },
    );
    writeFileSync(`${base}.vtt`, toWebVtt(this.cues));
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Drops a recording whose tour failed: its frames leave no folder behind. */
  async discard(): Promise<void> {
    // stopped first: a frame arriving afterwards would be written into the removed folder
    await this.cdp.send('Page.stopScreencast').catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** ffmpeg's concat list: each frame lasts until the next one; the first from the start. */
  private concatList(end: number): string {
    const lines = this.frames.map((frame, i) => {
      const from = i === 0 ? this.started! : frame.at;
      const until = this.frames[i + 1]?.at ?? end;
      return `file '${frame.file}'\nduration ${Math.max(until - from, 0.001).toFixed(3)}`;
    });
    // the demuxer ignores the last entry's duration unless the file is listed once more
    return `${lines.join('\n')}\nfile '${this.frames.at(-1)!.file}'\n`;
  }

  private endCue(): void {
    const last = this.cues.at(-1);
    if (last && Number.isNaN(last.end)) last.end = this.elapsed();
  }

  private elapsed(): number {
    return now() - this.started!;
  }
}

function now(): number {
  return Date.now() / 1000;
}
