import { InstrumentError } from './instrument-error';
import { VI_SUCCESS, visaStatusName } from './visa-constants';

/**
 * The system's VISA shared library, loaded through the FFI package koffi (no compiler needed:
 * koffi ships prebuilt binaries per platform). Only the six functions the transport needs are
 * bound. I/O calls run as koffi async calls on a worker thread, because viRead blocks until its
 * timeout and must not stall Node's event loop.
 */
export interface VisaLibrary {
  readonly path: string;
  openDefaultRM(): { status: number; session: number };
  open(
    rm: number,
    resource: string,
    accessMode: number,
    openTimeoutMs: number,
  ): Promise<{ status: number; session: number }>;
  write(session: number, data: Buffer): Promise<{ status: number; count: number }>;
  /** Reads into `buffer`; `count` bytes of it are valid afterwards. */
  read(session: number, buffer: Buffer): Promise<{ status: number; count: number }>;
  setAttribute(session: number, attribute: number, value: number): number;
  close(session: number): number;
}

/** The environment variable that names the VISA library explicitly (a path, or a name the loader finds). */
export const VISA_LIBRARY_ENV = 'SWEEPLINE_VISA_LIBRARY';

/**
 * Where VISA libraries live by default. Windows: the vendor installers (Keysight IO Libraries,
 * NI-VISA, R&S VISA) put visa64.dll / visa32.dll in System32, on the loader's path. Linux:
 * R&S VISA installs librsvisa.so, NI-VISA libvisa.so, Keysight IO Libraries libiovisa.so, found
 * through the loader's path (ld.so.cache). macOS: the VISA framework of NI-VISA and R&S VISA.
 */
export function visaLibraryCandidates(
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
): string[] {
  if (platform === 'win32') return arch === 'ia32' ? ['visa32.dll'] : ['visa64.dll', 'visa32.dll'];
  if (platform === 'darwin') return ['/Library/Frameworks/VISA.framework/VISA'];
  return ['librsvisa.so', 'libvisa.so', 'libiovisa.so', '/usr/local/vxipnp/linux/lib64/libvisa.so'];
}

export interface VisaSearch {
  readonly library: VisaLibrary | undefined;
  /** Each path tried and why it failed, for the message when nothing loads. */
  readonly tried: readonly string[];
}

export interface VisaSearchOptions {
  /** Where SWEEPLINE_VISA_LIBRARY is read; process.env by default. */
  readonly env?: NodeJS.ProcessEnv;
  /** The default locations to try; visaLibraryCandidates() for this platform by default. */
  readonly candidates?: readonly string[];
}

/**
 * Loads SWEEPLINE_VISA_LIBRARY when set (failing loudly if it does not load: the user asked for
 * it), otherwise the first default candidate that loads; `library` is undefined when none does.
 */
export async function findVisaLibrary(options: VisaSearchOptions = {}): Promise<VisaSearch> {
  const env = options.env ?? process.env;
  const koffi = await loadKoffi();
  const explicit = env[VISA_LIBRARY_ENV]?.trim();
  if (explicit) {
    try {
      return { library: bindVisa(koffi, explicit), tried: [explicit] };
    } catch (error) {
      throw new InstrumentError(
        'connect',
        `${VISA_LIBRARY_ENV} names '${explicit}', which could not be loaded as a VISA library: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }
  const tried: string[] = [];
  for (const candidate of options.candidates ?? visaLibraryCandidates()) {
    try {
      return { library: bindVisa(koffi, candidate), tried: [...tried, candidate] };
    } catch {
      tried.push(candidate);
    }
  }
  return { library: undefined, tried };
}

type Koffi = typeof import('koffi');

async function loadKoffi(): Promise<Koffi> {
  try {
    // Loaded only when VISA is needed, so LAN sockets work even where koffi's binary is missing.
    return await import('koffi');
  } catch (error) {
    throw new InstrumentError(
      'connect',
      `The FFI package koffi, needed to call VISA, could not be loaded: ${(error as Error).message}. ` +
        'Reinstall Sweepline, or use a LAN socket (TCPIP0::<address>::5025::SOCKET), which needs no VISA.',
      { cause: error },
    );
  }
}

function bindVisa(koffi: Koffi, path: string): VisaLibrary {
  const lib = koffi.load(path);
  // visa.h: _VI_FUNC is __stdcall on 32-bit Windows and the platform's only convention elsewhere.
  const stdcall = process.platform === 'win32' && process.arch === 'ia32';
  type ArgType = Parameters<typeof koffi.out>[0] | ReturnType<typeof koffi.out>;
  const func = (name: string, result: string, args: ArgType[]) =>
    stdcall ? lib.func('__stdcall', name, result, args) : lib.func(name, result, args);
  const sessionOut = koffi.out(koffi.pointer('uint32_t'));
  // ViAttrState is ViUInt64 in 64-bit VISA and ViUInt32 in 32-bit VISA (visa.h).
  const attrState = koffi.sizeof('void *') === 8 ? 'uint64_t' : 'uint32_t';
  const viOpenDefaultRM = func('viOpenDefaultRM', 'int32_t', [sessionOut]);
  const viOpen = func('viOpen', 'int32_t', ['uint32_t', 'str', 'uint32_t', 'uint32_t', sessionOut]);
  const viWrite = func('viWrite', 'int32_t', ['uint32_t', 'uint8_t *', 'uint32_t', sessionOut]);
  const viRead = func('viRead', 'int32_t', ['uint32_t', 'uint8_t *', 'uint32_t', sessionOut]);
  const viSetAttribute = func('viSetAttribute', 'int32_t', ['uint32_t', 'uint32_t', attrState]);
  const viClose = func('viClose', 'int32_t', ['uint32_t']);

  const callAsync = (fn: typeof viRead, ...args: unknown[]) =>
    new Promise<number>((resolve, reject) =>
      fn.async(...args, (error: unknown, status: number) => (error ? reject(error) : resolve(status))),
    );

  return {
    path,
    openDefaultRM() {
      const out = [0];
      const status = viOpenDefaultRM(out) as number;
      return { status, session: out[0] as number };
    },
    async open(rm, resource, accessMode, openTimeoutMs) {
      const out = [0];
      const status = await callAsync(viOpen, rm, resource, accessMode, openTimeoutMs, out);
      return { status, session: out[0] as number };
    },
    async write(session, data) {
      const out = [0];
      const status = await callAsync(viWrite, session, data, data.length, out);
      return { status, count: out[0] as number };
    },
    async read(session, buffer) {
      const out = [0];
      const status = await callAsync(viRead, session, buffer, buffer.length, out);
      return { status, count: out[0] as number };
    },
    setAttribute: (session, attribute, value) => viSetAttribute(session, attribute, value) as number,
    close: (session) => viClose(session) as number,
  };
}

/** Throws InstrumentError 'connect' for a failed VISA setup call (below VI_SUCCESS). */
export function checkVisaSetup(status: number, what: string, resource: string): void {
  if (status < VI_SUCCESS) {
    throw new InstrumentError(
      'connect',
      `VISA could not ${what} for ${resource}: ${visaStatusName(status)}.`,
      { resource },
    );
  }
}
