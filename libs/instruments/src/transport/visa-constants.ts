/**
 * The VISA numbers Sweepline uses, from the IVI Foundation's visa.h (VISA specification VPP-4.3,
 * "Completion and Error Codes" and "Attributes"). Status codes are ViStatus, a signed 32-bit
 * integer: errors are negative (0xBFFF0015 is -1073807339), successes and warnings >= 0.
 */
export const VI_SUCCESS = 0;
/** viRead stopped at the termination character. */
export const VI_SUCCESS_TERM_CHAR = 0x3fff0005;
/** viRead filled the buffer; more of the message may follow. */
export const VI_SUCCESS_MAX_CNT = 0x3fff0006;

export const VI_ERROR_INV_OBJECT = 0xbfff000e | 0;
export const VI_ERROR_RSRC_LOCKED = 0xbfff000f | 0;
export const VI_ERROR_RSRC_NFOUND = 0xbfff0011 | 0;
export const VI_ERROR_INV_RSRC_NAME = 0xbfff0012 | 0;
export const VI_ERROR_TMO = 0xbfff0015 | 0;
export const VI_ERROR_NSUP_ATTR = 0xbfff001d | 0;
export const VI_ERROR_IO = 0xbfff003e | 0;
export const VI_ERROR_RSRC_BUSY = 0xbfff0072 | 0;
export const VI_ERROR_LIBRARY_NFOUND = 0xbfff009e | 0;
export const VI_ERROR_CONN_LOST = 0xbfff00a6 | 0;
export const VI_ERROR_MACHINE_NAVAIL = 0xbfff00a7 | 0;

/** Timeout of I/O calls, in milliseconds. */
export const VI_ATTR_TMO_VALUE = 0x3fff001a;
/** The termination character a read stops at, when enabled. */
export const VI_ATTR_TERMCHAR = 0x3fff0018;
export const VI_ATTR_TERMCHAR_EN = 0x3fff0038;

export const VI_TRUE = 1;
/** viOpen access mode: no lock. */
export const VI_NO_LOCK = 0;

const NAMES: Readonly<Record<number, string>> = {
  [VI_ERROR_INV_OBJECT]: 'VI_ERROR_INV_OBJECT',
  [VI_ERROR_RSRC_LOCKED]: 'VI_ERROR_RSRC_LOCKED',
  [VI_ERROR_RSRC_NFOUND]: 'VI_ERROR_RSRC_NFOUND',
  [VI_ERROR_INV_RSRC_NAME]: 'VI_ERROR_INV_RSRC_NAME',
  [VI_ERROR_TMO]: 'VI_ERROR_TMO',
  [VI_ERROR_NSUP_ATTR]: 'VI_ERROR_NSUP_ATTR',
  [VI_ERROR_IO]: 'VI_ERROR_IO',
  [VI_ERROR_RSRC_BUSY]: 'VI_ERROR_RSRC_BUSY',
  [VI_ERROR_LIBRARY_NFOUND]: 'VI_ERROR_LIBRARY_NFOUND',
  [VI_ERROR_CONN_LOST]: 'VI_ERROR_CONN_LOST',
  [VI_ERROR_MACHINE_NAVAIL]: 'VI_ERROR_MACHINE_NAVAIL',
};

/** `VI_ERROR_TMO (0xBFFF0015)`, as VISA tools such as Connection Expert and NI MAX show it. */
export function visaStatusName(status: number): string {
  const hex = `0x${(status >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;
  const name = NAMES[status];
  return name ? `${name} (${hex})` : `VISA status ${hex}`;
}
