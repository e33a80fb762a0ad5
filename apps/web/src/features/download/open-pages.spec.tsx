import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { roleMatrix } from '@sweepline/domain';
import { HttpResponse, http } from 'msw';
import { renderApp } from '../../../test/render';
import { ok, path, server } from '../../../test/server';
import { SITE } from '../../../test/site';
import { FAQ } from '../guides/faq-content';
import { QUICK_START, TUTORIALS } from '../guides/guide-content';
import { DOWNLOAD_TEXTS } from './DownloadPage';

const RELEASES = [
  { no: '0.2.0', date: '2026-11-24', notes: ['Lab check'] },
  { no: '0.1.0', date: '2026-11-23', notes: ['First release', 'Simulators'] },
];
const SLOW = { timeout: 10_000 };

function site(runnerPackageAvailable: boolean) {
  server.use(
    http.get(path('/site'), () => ok({ ...SITE, runnerPackageAvailable } as never)),
    http.get(path('/version'), () => ok(RELEASES)),
  );
}

describe('Download', () => {
  it('offers the package when it exists, with the newest version, notes and install steps', async () => {
    site(true);
    const { user } = renderApp('/download');
    const link = await screen.findByRole('link', { name: 'Download sweepline.tgz' }, SLOW);
    expect(link).toHaveAttribute('href', '/dl/sweepline.tgz');
    expect(await screen.findByText('v0.2.0')).toBeInTheDocument();
    const notes = await screen.findByRole('region', { name: 'Release Notes' });
    expect(within(notes).getByText('v0.1.0 (2026-11-23)')).toBeInTheDocument();
    expect(within(notes).getByText('Simulators')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Install on Windows' })).toHaveTextContent('sweepline lab');
    await user.click(screen.getByRole('tab', { name: 'macOS' }));
    expect(screen.getByRole('list', { name: 'Install on macOS' })).toHaveTextContent('Node.js 20.19');
    expect(screen.getByRole('link', { name: 'IO Libraries Suite 2019 or newer' })).toHaveAttribute(
      'href',
      'https://visa.example/',
    );
    expect(screen.queryByText(DOWNLOAD_TEXTS.notBuilt)).not.toBeInTheDocument();
  });

  it('says plainly that the package is not built, and offers no link', async () => {
    site(false);
    renderApp('/download');
    expect(await screen.findByText(DOWNLOAD_TEXTS.notBuilt, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Download / })).not.toBeInTheDocument();
  });

  it('draws the release notes below the install steps, never before them (nothing moves when /site answers last)', async () => {
    let answerSite = () => undefined as void;
    const siteAnswered = new Promise<void>((resolve) => (answerSite = resolve));
    server.use(
      http.get(path('/site'), async () => {
        await siteAnswered;
        return ok(SITE as never);
      }),
      http.get(path('/version'), () => ok(RELEASES)),
    );
    renderApp('/download');
    // the releases are in (their badge shows), the site is not: no notes yet
    expect(await screen.findByText('v0.2.0', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Release Notes' })).not.toBeInTheDocument();
    answerSite();
    expect(await screen.findByRole('region', { name: 'Release Notes' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Install' })).toBeInTheDocument();
  });

  it('still shows the release notes when /site fails', async () => {
    server.use(
      http.get(path('/site'), () => HttpResponse.error()),
      http.get(path('/version'), () => ok(RELEASES)),
    );
    renderApp('/download');
    expect(await screen.findByRole('region', { name: 'Release Notes' }, SLOW)).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByText('No internet')).toBeInTheDocument();
  });
});

describe('Contact Us', () => {
  it('shows the configured details', async () => {
    site(false);
    renderApp('/contact');
    expect(await screen.findByRole('heading', { name: 'Test Co Pty Ltd' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+61 7 5555 0101' })).toHaveAttribute('href', 'tel:+61755550101');
    expect(screen.getByRole('link', { name: 'hello@test.example' })).toHaveAttribute(
      'href',
      'mailto:hello@test.example',
    );
    expect(screen.getByRole('link', { name: 'Test Co Pty Ltd on LinkedIn' })).toHaveAttribute(
      'href',
      'https://linkedin.example/testco',
    );
    expect(screen.getByText(SITE.contact.address)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Australian Business Register/ })).toHaveAttribute(
      'href',
      'https://registry.example/',
    );
  });

  it('shows a failed call in an error dialog', async () => {
    server.use(http.get(path('/site'), () => HttpResponse.error()));
    renderApp('/contact');
    expect(
      await within(await screen.findByRole('dialog', {}, SLOW)).findByText('No internet'),
    ).toBeInTheDocument();
  });
});

describe('Guides', () => {
  it('shows the four Quick Start steps', async () => {
    renderApp('/guide/start');
    await screen.findByRole('heading', { name: 'Quick Start' }, SLOW);
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual([
      '1. Sign up',
      '2. Make products and tests',
      '3. Import serial numbers',
      '4. Install the runner and test',
    ]);
    // the screenshots of apps/web/scripts/guide-screenshots.ts, shipped under public/guide-images
    expect(screen.getByRole('img', { name: /^The Sign Up form/ })).toHaveAttribute(
      'src',
      '/guide-images/sign-up.webp',
    );
    expect(screen.getAllByRole('img')).toHaveLength(4);
  });

  it('lists the five tutorials, each with its video and captions, or the configured one', async () => {
    site(false);
    renderApp('/guide/tutorials');
    await screen.findByTitle('Run Tests video', {}, SLOW);
    expect(TUTORIALS.map((t) => t.title)).toEqual([
      'Create Tests',
      'Set Up a Testing Environment',
      'Run Tests',
      'Business Plan',
      'Auto IMD Test',
    ]);
    for (const t of TUTORIALS) expect(screen.getByRole('region', { name: t.title })).toBeInTheDocument();
    expect(screen.getByTitle('Run Tests video')).toHaveAttribute('src', 'https://video.example/run');
    // the other four play the video the app ships, with its captions on
    for (const t of TUTORIALS.filter((t) => t.slug !== 'run-tests')) {
      const video = screen.getByLabelText(`${t.title} video`);
      expect(video.tagName).toBe('VIDEO');
      expect(video).toHaveAttribute('controls');
      expect(video.querySelector('source')).toHaveAttribute('src', `/tutorials/${t.slug}.mp4`);
      const track = video.querySelector('track');
      expect(track).toHaveAttribute('kind', 'captions');
      expect(track).toHaveAttribute('src', `/tutorials/${t.slug}.vtt`);
      expect(track).toHaveAttribute('default');
    }
    // each walk-through with its screenshot
    for (const t of TUTORIALS)
      expect(within(screen.getByRole('region', { name: t.title })).getByRole('img')).toHaveAttribute(
        'src',
        t.image.src,
      );
  });

  it('ships every screenshot the guides show, each a small file', () => {
    for (const { image } of [...QUICK_START, ...TUTORIALS]) {
      const file = join(__dirname, '../../../public', image.src);
      expect(existsSync(file) && statSync(file).size).toBeGreaterThan(1000);
      expect(statSync(file).size).toBeLessThan(150_000);
    }
  });

  it('answers every FAQ topic of the spec', async () => {
    const { user } = renderApp('/guide/faq');
    await screen.findByRole('heading', { name: 'FAQ' }, SLOW);
    expect(screen.getByRole('table', { name: 'Supported instruments' })).toHaveTextContent('ZNB series');
    const topics = [
      'charged',
      'advantages of Sweepline',
      'instruments are supported',
      'advantages for network analyzers',
      'Who may do what',
      'data safe',
      'find my instrument',
      '16 Channels',
      'restore',
    ];
    // in the spec's order: charging, advantages, the instruments table, analyzer advantages, roles…
    const questions = screen.getAllByRole('button').filter((b) => b.hasAttribute('aria-expanded'));
    const places = topics.map((topic) => questions.findIndex((q) => new RegExp(topic).test(q.textContent!)));
    expect(places.map((place) => place - places[0]!)).toEqual(topics.map((_, i) => i));
    expect(places[0]).toBeGreaterThanOrEqual(0);
    await user.click(screen.getByRole('button', { name: /16 Channels/ }));
    await waitFor(() => expect(screen.getByText(/System > Misc Setup > Channel\/Trace Setup/)).toBeVisible());
    expect(FAQ).toHaveLength(topics.length);
  });

  it("shows the role matrix from the server's rule table, open from the start", async () => {
    renderApp('/guide/faq');
    const matrix = await screen.findByRole('table', { name: 'Role matrix' }, SLOW);
    const rows = within(matrix)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (c) => c.textContent));
    expect(rows[0]).toEqual(['What', 'Operator', 'Editor', 'Manager']);
    expect(rows.slice(1)).toEqual(
      roleMatrix().map((r) => [r.what, ...r.allowed.map((a) => (a ? 'Yes' : 'No'))]),
    );
    expect(rows).toContainEqual(['Edit products, tests, steps and calibrations', 'No', 'Yes', 'Yes']);
  });
});
