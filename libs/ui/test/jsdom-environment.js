// jsdom for React, Mantine and msw (shared/STACK.md, "Jest"): the browser globals jsdom lacks are
// Node's own. AbortController and AbortSignal stay jsdom's: Node's make Mantine's notifications
// throw ("member 'signal' is not of type 'AbortSignal'"). FormData stays jsdom's too: React 19
// builds one from the submitted <form>, which Node's FormData refuses.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'TextEncoder',
  'TextDecoder',
  'TextEncoderStream',
  'TextDecoderStream',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'Blob',
  'Headers',
  'Request',
  'Response',
  'fetch',
  'structuredClone',
  'URL',
  'URLSearchParams',
  'BroadcastChannel',
];

class WebEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    // msw's packages resolve their browser builds under jsdom's default conditions
    this.customExportConditions = [''];
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }
}

module.exports = WebEnvironment;
