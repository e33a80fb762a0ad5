/**
 * The guide pages' words (docs/requirements/product.md#what-the-help-pages-promise, docs/requirements/download-and-site.md#guide-pages), for Sweepline: the runner is the command-line
 * `sweepline` on a lab PC (Windows, Linux or macOS), where the spec's product had a Windows app.
 */
/** A screenshot of Sweepline under /guide-images (apps/web/scripts/guide-screenshots.ts makes them). */
export interface GuideImage {
  src: string;
  alt: string;
}

export interface GuideStep {
  title: string;
  text: string;
  image: GuideImage;
}

const image = (name: string, alt: string): GuideImage => ({ src: `/guide-images/${name}.webp`, alt });

/** Quick Start: the four steps from sign-up to the first results. */
export const QUICK_START: GuideStep[] = [
  {
    title: '1. Sign up',
    text: 'Sign up with your e-mail address and follow the link in the e-mail we send to activate your account. You are the manager of the new account and can add editors and operators in Settings.',
    image: image('sign-up', 'The Sign Up form: account name, manager e-mail, verification and password'),
  },
  {
    title: '2. Make products and tests',
    text: 'On Products, add a product and its tests, then the steps of each test. A red asterisk marks an incomplete or faulty test; hover over it to read what is wrong. The runner only downloads complete, error-free tests.',
    image: image(
      'products',
      'The Products screen: products, their tests, a test’s steps and the selected step’s parameters',
    ),
  },
  {
    title: '3. Import serial numbers',
    text: 'On Serial Numbers, choose the product and add its serial numbers, up to 1000 at a time, one per line.',
    image: image(
      'serial-numbers',
      'The Serial Numbers screen: products on the left, their serial numbers on the right',
    ),
  },
  {
    title: '4. Install the runner and test',
    text: 'On Download, get the runner for your lab PC, install it with Node.js (and the VISA library for USB or GPIB instruments), check the bench with `sweepline lab`, connect the instruments and run the tests. Results, PDFs and the daily reports appear on the website.',
    image: image('download', 'The Download page with the runner version and its install steps'),
  },
];

export interface Tutorial {
  /** Names its video and captions under /tutorials, and an operator's video in GET /site's tutorialVideos. */
  slug: string;
  title: string;
  steps: string[];
  image: GuideImage;
}

/** A tutorial's video and its WebVTT captions, as the app ships them (docs/tutorials.md). */
export function tutorialMedia(slug: string): { video: string; captions: string } {
  return { video: `/tutorials/${slug}.mp4`, captions: `/tutorials/${slug}.vtt` };
}

/** docs/requirements/download-and-site.md#guide-pages: the five tutorials, in order. */
export const TUTORIALS: Tutorial[] = [
  {
    slug: 'create-tests',
    title: 'Create Tests',
    steps: [
      'Open Products and add a product with its name, model and notes.',
      'Add a test to the product and give it its stage and test number under Process control.',
      'Add steps: network analyzer sweeps with their channels, traces and limits, PIM tests, or report headings.',
      'Set up the calibrations the test needs; smart calibration asks for the fewest connections.',
      'Fix every step a red asterisk marks: only complete tests are downloaded by the runner.',
    ],
    image: image(
      'create-tests',
      'An Alignment Check step in the editor: its alignment, calibration and traces',
    ),
  },
  {
    slug: 'set-up-testing-environment',
    title: 'Set Up a Testing Environment',
    steps: [
      'Install Node.js 20.19 or newer and, for USB or GPIB instruments, the vendor’s VISA library (2019 or newer).',
      'Install the runner package from the Download page and log in with `sweepline login`.',
      'Connect the analyzers over USB, GPIB or the network and run `sweepline lab` to list what the runner finds.',
      'Without hardware, `sweepline sim` starts simulated analyzers to train with.',
    ],
    image: image('install', 'The install steps for Windows, Linux and macOS lab PCs'),
  },
  {
    slug: 'run-tests',
    title: 'Run Tests',
    steps: [
      'Start the runner on the lab PC; it downloads the account’s complete tests.',
      'Choose the product and test, calibrate when asked, and scan or type the serial number.',
      'The runner measures, compares with the limits and uploads the run; a failed unit can be retested.',
      'Look the serial number up on Test Results for its runs, steps, traces and PDF.',
      'Follow the yields on Reports: here the daily pass rate of a test over a month.',
    ],
    image: image('report', 'The Daily Pass Rate report of a test over a month'),
  },
  {
    slug: 'business-plan',
    title: 'Business Plan',
    steps: [
      'A new account tests free for 30 days.',
      'After that, each uploaded run (a record) is charged; the bill counts the records of each month per product and test.',
      'There is no subscription: months without uploads cost nothing.',
    ],
    image: image('business-plan', 'A month’s bill: the records of each product and test, free and billable'),
  },
  {
    slug: 'auto-imd-test',
    title: 'Auto IMD Test',
    steps: [
      'Add a PIM test step with its two carrier frequencies and powers and the IMD order to measure.',
      'Set the limit in dBm or dBc; the runner sweeps or holds the carriers as the step says.',
      'Run it on an IBA/IQA, NTPIM or JCIMA-COMPATB PIM analyzer; the result and its trace are uploaded like any other step.',
    ],
    image: image(
      'auto-imd-test',
      'A swept-tone PIM step in the editor: carriers, power, IM order and limit unit',
    ),
  },
];
