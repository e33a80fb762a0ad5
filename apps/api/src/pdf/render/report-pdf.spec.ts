import { inflateSync } from 'node:zlib';
import type { StepResult } from '@sweepline/domain';
import { ActionId, formatDateTime, LIMITS_NOT_DRAWN, ORIGIN_MSG, Verdict } from '@sweepline/domain';
import { readPdf } from '../testing/pdf-text';
import { encodePng, sampleOrigin, sampleReport, sampleSteps, screenshotPng } from '../testing/sample-report';
import { stepNumbers } from './origin-section';
import { readPng } from './images';
import { unfilter } from './png-alpha';
import { renderReportPdf } from './report-pdf';
import type { ReportPdfData } from './report-data';

/** The smallest baseline JPEG (1x1 gray). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

const shot = (data: Buffer, contentType = 'image/png', stepIndex = 1) => ({
  stepIndex,
  fileName: 'shot.png',
  contentType,
  data,
});

describe('the PDF report', () => {
  it('prints the header, every step, the trace as lines and each screenshot once', async () => {
    const data = sampleReport();
    const pdf = await readPdf(await renderReportPdf(data));
    expect(pdf.pageCount).toBe(3);
    const all = pdf.texts.flat();
    const start = formatDateTime(data.startTime.getTime(), 5.5);
    expect(start).toBe('2025-11-23 14:42:03');
    for (const text of [
      'Test Report',
      'Failed',
      'F-200 Cavity Filter',
      'F200-B',
      'A-1',
      'Pass band',
      '2-1',
      '3',
    ]) {
      expect(pdf.texts[0]).toContain(text);
    }
    expect(pdf.texts[0]).toContain('Olive Operator');
    expect(pdf.texts[0]).toContain(`${start} UTC+05:30`);
    for (const step of data.steps.filter((s) => !s.title.includes('thermal')))
      expect(all).toContain(step.title);
    expect(all.filter((t) => t.startsWith('Insertion Loss Max - S21')).length).toBe(5);
    expect(all.filter((t) => t === 'Fail').length).toBe(
      data.steps.filter((s) => !s.isHeader && s.result === 0).length,
    );
    expect(all).toEqual(
      expect.arrayContaining(['0.821', '2.031', LIMITS_NOT_DRAWN, 'Frequency (MHz)', '850', 'IL.png']),
    );
    expect(pdf.texts.map((page) => page.filter((t) => t === 'Description').length)).toEqual([1, 1, 0]);
    expect(pdf.texts.map((page) => page.find((t) => t.startsWith('Page ')))).toEqual([
      'Page 1 of 3',
      'Page 2 of 3',
      'Page 3 of 3',
    ]);
    // the trace: one path of hundreds of segments, not a picture
    expect(pdf.contents[1]!.match(/ l\n/g)!.length).toBeGreaterThan(500);
    expect(pdf.images).toHaveLength(2);
    expect(pdf.images[0]).toMatch(/\/ColorSpace \/DeviceRGB/);
    expect(pdf.images[0]).toMatch(/\/Predictor 15/);
  });

  it('names the release the run was made with in the header and on every page’s footer (issue 39)', async () => {
    const current = await readPdf(await renderReportPdf(sampleReport()));
    // the day in the report's zone (+05:30): 20:00 UTC is the next day there
    expect(current.texts[0]).toEqual(
      expect.arrayContaining(['Made with', 'Release 7 · 2025-11-23 · Tighter insertion loss']),
    );
    expect(current.texts[0]!.some((t) => t.includes('newest release'))).toBe(false);
    for (const page of current.texts)
      expect(page.find((t) => t.startsWith('F-200 Cavity Filter  ·'))).toContain('Release 7');
  });

  it('marks a run of an older release than the test’s newest, and names the version of one before releases', async () => {
    const release = { no: 5, at: '2025-11-01T08:00:00.000Z', note: 'Wider band', newestNo: 7 };
    const older = await readPdf(await renderReportPdf(sampleReport({ release })));
    expect(older.texts[0]).toEqual(
      expect.arrayContaining([
        'Release 5 · 2025-11-01 · Wider band',
        "Release 5 — the test's newest release is 7",
      ]),
    );
    const before = await readPdf(await renderReportPdf(sampleReport({ release: null })));
    expect(before.texts[0]).toContain('Test version 7 · before releases');
    for (const page of before.texts)
      expect(page.find((t) => t.startsWith('F-200 Cavity Filter  ·'))).toContain('Test version 7');
  });

  it('repeats the table header on every page of a long table and numbers the pages', async () => {
    const steps = sampleSteps(400);
    const pdf = await readPdf(await renderReportPdf(sampleReport({ steps, traces: [], screenshots: [] })));
    expect(pdf.pageCount).toBeGreaterThan(5);
    expect(pdf.texts.every((page) => page.includes('Description'))).toBe(true);
    expect(pdf.texts.at(-1)).toContain(`Page ${pdf.pageCount} of ${pdf.pageCount}`);
  });

  it('prints names the standard fonts cannot encode with stand-ins', async () => {
    const steps: StepResult[] = [
      { title: 'Усиление', isHeader: false, lower: null, upper: 50, value: 49.9, unit: 'Ω', result: 1 },
    ];
    const bytes = await renderReportPdf(
      sampleReport({
        productName: 'Фильтр',
        testName: '测试 Ü',
        steps,
        traces: [],
        screenshots: [],
        result: Verdict.Passed,
      }),
    );
    const all = (await readPdf(bytes)).texts.flat();
    expect(all).toEqual(expect.arrayContaining(['Passed', '??????', '?? Ü', '????????', 'Ohm']));
  });

  it('prints an aborted run without steps on one page', async () => {
    const pdf = await readPdf(
      await renderReportPdf(
        sampleReport({ steps: [], traces: [], screenshots: [], result: Verdict.Aborted }),
      ),
    );
    expect(pdf.pageCount).toBe(1);
    expect(pdf.texts[0]).toContain('Aborted');
  });

  it('draws flat and one-point traces', async () => {
    const traces = [
      { stepIndex: 1, freqs_MHz: [800, 900], values: [1, 1] },
      { stepIndex: 2, freqs_MHz: [800], values: [-3] },
    ];
    const pdf = await readPdf(await renderReportPdf(sampleReport({ traces, screenshots: [] })));
    expect(pdf.texts.flat().filter((t) => t === 'Frequency (MHz)')).toHaveLength(2);
  });
});

/** Each text a page shows and its baseline, from the content stream (`1 0 0 1 x y Tm <hex> Tj`). */
function placedTexts(content: string): { x: number; y: number; text: string }[] {
  return [...content.matchAll(/1 0 0 1 ([\d.-]+) ([\d.-]+) Tm\n<([0-9A-F]*)> Tj/g)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    text: Buffer.from(m[3]!, 'hex').toString('latin1'),
  }));
}

/** The y of every full-width horizontal rule (LEFT 40 to RIGHT 555.28). */
const rules = (content: string) =>
  [...content.matchAll(/40 ([\d.]+) m\n555.28 \1 l/g)].map((m) => Number(m[1]));

describe('the PDF report’s layout (issue 38)', () => {
  it('draws the rule under the header below its last row, the release line, not through it', async () => {
    const older = { no: 5, at: '2025-11-01T08:00:00.000Z', note: 'Wider band', newestNo: 7 };
    const cases: [ReportPdfData['release'], string][] = [
      [sampleReport().release, 'Made with'],
      // (the content stream's em dash is WinAnsi's, not latin1's: match the note's end)
      [older, "the test's newest release is 7"],
    ];
    for (const [release, lastRow] of cases) {
      const { contents } = await readPdf(await renderReportPdf(sampleReport({ release })));
      const last = placedTexts(contents[0]!).find((t) => t.text.endsWith(lastRow))!;
      const header = rules(contents[0]!);
      expect(header.filter((y) => y > last.y - 3 && y < last.y + 10)).toEqual([]);
      expect(header.filter((y) => y <= last.y - 3 && y > last.y - 16)).toHaveLength(1);
    }
  });

  const gain = (plot?: StepResult['plot']): StepResult => ({
    title: 'Gain',
    isHeader: false,
    lower: 0.2,
    upper: 1,
    value: 0.5,
    unit: 'dB',
    result: 1,
    ...(plot && { plot }),
  });
  const trace = { stepIndex: 0, freqs_MHz: [100, 500, 1000], values: [-60, -40, -20] };
  const render = async (step: StepResult) =>
    readPdf(await renderReportPdf(sampleReport({ steps: [step], traces: [trace], screenshots: [] })));

  it('prints limit labels close in value one above the other', async () => {
    const { contents } = await render(gain({ actionId: ActionId.GainAverage }));
    const labels = placedTexts(contents.join('\n')).filter((t) => t.text.startsWith('Average gain'));
    expect(labels).toHaveLength(2);
    expect(Math.abs(labels[0]!.y - labels[1]!.y)).toBeGreaterThanOrEqual(8);
  });

  it('draws no limit line where its place on the trace is not known, and says so under the plot', async () => {
    const { contents, texts } = await render(gain());
    const all = texts.flat();
    expect(all).toContain(LIMITS_NOT_DRAWN);
    expect(all).not.toEqual(expect.arrayContaining([expect.stringMatching(/^(Lower|Upper) /)]));
    // the limits' dashes are the only dashed lines of a plot
    expect(contents.join('\n')).not.toMatch(/\[4 2\] 0 d/);
    const note = placedTexts(contents.join('\n')).find((t) => t.text === LIMITS_NOT_DRAWN)!;
    const axis = placedTexts(contents.join('\n')).find((t) => t.text === 'Frequency (MHz)')!;
    expect(note.y).toBeLessThan(axis.y);
  });

  it('draws a trace’s limits from the limit table: an insertion loss of 1.2 dB at −1.2 dB of |S21|', async () => {
    const freqs_MHz = Array.from({ length: 901 }, (_, i) => 100 + i);
    const trace = { stepIndex: 0, freqs_MHz, values: freqs_MHz.map(() => -1.54) };
    const plot = { actionId: 102, startFreq_MHz: 500, stopFreq_MHz: 700 };
    const step: StepResult = {
      title: 'IL',
      isHeader: false,
      lower: null,
      upper: 1.2,
      value: 1.54,
      unit: 'dB',
      result: 0,
      plot,
    };
    const pdf = await readPdf(
      await renderReportPdf(sampleReport({ steps: [step], traces: [trace], screenshots: [] })),
    );
    const texts = pdf.texts.flat();
    expect(texts).toEqual(expect.arrayContaining(['Insertion loss <= 1.2 dB', '|S21| (dB)', '500', '700']));
    expect(texts).not.toContain('Upper 1.2');
  });
});

describe('instruments and calibrations (issue 40)', () => {
  const short = (origin = sampleOrigin()) =>
    sampleReport({ steps: sampleSteps(6), traces: [], screenshots: [], origin });

  it('prints the station, the runner, each instrument with its state at the run and each calibration', async () => {
    const data = short();
    const pdf = await readPdf(await renderReportPdf(data));
    expect(pdf.pageCount).toBe(1);
    const texts = pdf.texts[0]!;
    const madeAt = formatDateTime(Date.parse('2025-11-23T06:30:00.000Z'), 5.5);
    for (const text of [
      'Instruments and calibrations',
      'LAB-PC-07',
      '0.9.0',
      'Network analyzer',
      'Keysight Technologies E5071C',
      'MY46105536',
      'B.14.10',
      'Due soon',
      '2025-12-10',
      'PIM analyzer',
      'Valid',
      'ECal N4431B-MY12345',
      '500-700.5',
      madeAt,
      '2 h 42 min',
      '2-5, 7, 9-10',
      'Mechanical kit',
      '1 d 3 h',
      'Eli Editor',
    ]) {
      expect(texts).toContain(text);
    }
    // the section follows the step table, on its own lines below the table's last row
    const placed = placedTexts(pdf.contents[0]!);
    const title = placed.find((t) => t.text === 'Instruments and calibrations')!;
    const lastStep = placed.filter((t) => t.text === data.steps.at(-1)!.title).at(-1)!;
    expect(title.y).toBeLessThan(lastStep.y - 14);
    expect(texts).not.toContain(ORIGIN_MSG.measuredOverdue);
  });

  it('says "not recorded" for a run that names no instrument', async () => {
    const pdf = await readPdf(
      await renderReportPdf(sampleReport({ steps: sampleSteps(6), screenshots: [] })),
    );
    expect(pdf.texts.flat()).toContain('Instruments and calibrations: not recorded');
    expect(pdf.texts.flat()).not.toContain('Station');
  });

  it('says in the header, above its rule, that the run was measured with an overdue instrument', async () => {
    const origin = sampleOrigin({ measuredOverdue: true });
    origin.instruments[0]!.stateAtRun = 'overdue';
    const { contents, texts } = await readPdf(await renderReportPdf(short(origin)));
    expect(texts[0]).toEqual(expect.arrayContaining([ORIGIN_MSG.measuredOverdue, 'Overdue']));
    const line = placedTexts(contents[0]!).find((t) => t.text === ORIGIN_MSG.measuredOverdue)!;
    const made = placedTexts(contents[0]!).find((t) => t.text === 'Made with')!;
    expect(line.y).toBeLessThan(made.y - 10);
    expect(rules(contents[0]!).filter((y) => y > line.y - 3 && y < line.y + 10)).toEqual([]);
  });

  it('cuts long names to their column and wraps many steps, keeping the rows apart', async () => {
    const origin = sampleOrigin();
    origin.instruments[0]!.vendor = 'V'.repeat(100);
    origin.calibrations[0]!.stepNos = Array.from({ length: 60 }, (_, i) => 2 * i + 1);
    const { contents } = await readPdf(await renderReportPdf(short(origin)));
    const placed = placedTexts(contents[0]!);
    expect(placed.find((t) => t.text.startsWith('VVV'))!.text).toMatch(/…$|\x85$/);
    const steps = placed.filter(
      (t) => /^\d+, \d+/.test(t.text) || (/…$|\x85$/.test(t.text) && /^\d/.test(t.text)),
    );
    expect(steps.length).toBe(3);
    const mechanical = placed.find((t) => t.text === 'Mechanical kit')!;
    expect(mechanical.y).toBeLessThan(Math.min(...steps.map((t) => t.y)) - 8);
  });

  it('keeps the traces heading with the first figure when the section leaves no room for it', async () => {
    const pdf = await readPdf(await renderReportPdf(sampleReport({ origin: sampleOrigin() })));
    const page = pdf.texts.find((texts) => texts.includes('Traces and screenshots'))!;
    expect(page).toContain('Frequency (MHz)');
  });

  it('writes step numbers as runs of consecutive ones', () => {
    expect(stepNumbers([])).toBe('');
    expect(stepNumbers([4])).toBe('4');
    expect(stepNumbers([1, 2, 3, 5, 7, 8])).toBe('1-3, 5, 7-8');
  });
});

describe('screenshots', () => {
  const imagesOf = async (...screenshots: ReturnType<typeof shot>[]) =>
    (await readPdf(await renderReportPdf(sampleReport({ traces: [], screenshots })))).images;

  it('embeds RGBA screens split into colour and alpha, the alpha only when not opaque', async () => {
    const opaque = await imagesOf(shot(screenshotPng(40, 20, 255)));
    expect(opaque).toHaveLength(1);
    expect(opaque[0]).not.toMatch(/SMask/);
    const seeThrough = await imagesOf(shot(screenshotPng(40, 20, 128)));
    expect(seeThrough).toHaveLength(2);
    expect(seeThrough.join()).toMatch(/\/SMask \d+ 0 R/);
  });

  it('embeds palette, gray+alpha 16-bit and JPEG images, and notes a broken one', async () => {
    const palette = encodePng(2, 2, 3, 8, Buffer.from([0, 0, 1, 0, 1, 0]), [
      ['PLTE', Buffer.from([255, 0, 0, 0, 0, 255])],
    ]);
    const gray16 = encodePng(1, 1, 4, 16, Buffer.from([0, 1, 2, 128, 0]));
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(100, 7),
    ]);
    const report = sampleReport({
      traces: [],
      screenshots: [
        shot(palette),
        shot(gray16),
        shot(JPEG, 'image/jpeg'),
        { ...shot(broken), fileName: 'bad.png' },
      ],
    });
    const pdf = await readPdf(await renderReportPdf(report));
    expect(pdf.images.some((d) => /\/Indexed/.test(d))).toBe(true);
    expect(pdf.images.some((d) => /DCTDecode/.test(d))).toBe(true);
    // pdf-lib's path (16 bits with alpha): 8-bit colour and a soft mask
    expect(pdf.images.some((d) => /SMask/.test(d))).toBe(true);
    expect(pdf.texts.flat()).toContain('Screenshot bad.png could not be read');
  });

  it('undoes every PNG row filter', () => {
    const width = 7;
    const bpp = 4;
    const rows = 5;
    const pixels = Buffer.from(
      Array.from({ length: width * bpp * rows }, (_, i) => (i * 37 + (i >> 3) * 11) & 255),
    );
    const at = (y: number, i: number) => (y < 0 || i < 0 ? 0 : pixels[y * width * bpp + i]!);
    const paeth = (a: number, b: number, c: number) => {
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    };
    const filtered: number[] = [];
    for (let y = 0; y < rows; y++) {
      const filter = y % 5;
      filtered.push(filter);
      for (let i = 0; i < width * bpp; i++) {
        const [x, a, b, c] = [at(y, i), at(y, i - bpp), at(y - 1, i), at(y - 1, i - bpp)];
        const predict = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter]!;
        filtered.push((x - predict) & 255);
      }
    }
    const data = Buffer.from(filtered);
    unfilter(data, width, rows, bpp);
    const unfiltered = Buffer.concat(
      Array.from({ length: rows }, (_, y) =>
        data.subarray(y * (width * bpp + 1) + 1, (y + 1) * (width * bpp + 1)),
      ),
    );
    expect(unfiltered).toEqual(pixels);
  });

  it('reads a PNG header and its joined data', () => {
    const png = readPng(screenshotPng(30, 10))!;
    expect(png).toMatchObject({
      width: 30,
      height: 10,
      bitDepth: 8,
      colorType: 2,
      interlace: 0,
      hasTransparency: false,
    });
    expect(inflateSync(png.data).length).toBe((30 * 3 + 1) * 10);
    expect(readPng(Buffer.from('not a png at all, not at all, no'))).toBeUndefined();
  });
});
