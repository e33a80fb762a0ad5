/** Business constants and limits of docs/requirements/test-editor.md#limits and docs/requirements/storage.md#ids-and-times. */
export const LIMITS = {
  nameLength: 100,
  /** Prompts, questions, options and file names. */
  longTextLength: 200,
  calibrationsPerTest: 16,
  tracesPerAlignment: 9,
  linesPerTrace: 9,
  markersPerTrace: 9,
  alignmentsPerStep: 9,
  minChoiceOptions: 2,
  maxChoiceOptions: 9,
  minStageOrTestNo: 1,
  maxStageOrTestNo: 99,
  maxFixTime_sec: 300,
  minFixTime_sec: 1,
  maxSweepCount: 10,
  minSweepCount: 1,
  minCalPower_dBm: -100,
  maxCalPower_dBm: 30,
  maxSmooth: 100,
  maxRefPos: 100,
  minAlignDiv: 4,
  maxAlignDiv: 30,
  alignDivStep: 2,
  serialNumbersPerAdd: 1000,
  passwordMinLength: 8,
  /**
   * A password's longest, in UTF-16 units as an input's maxLength counts them: every text input is
   * limited by a shared constant (docs/requirements/identity.md#password-rule), and the server
   * refuses a longer new password, so none is ever set that the log-in field cannot take.
   */
  passwordMaxLength: 100,
} as const;

/** Times of docs/requirements/test-editor.md#limits and docs/requirements/storage.md#ids-and-times, in milliseconds. */
export const TIMES_MS = {
  inputDebounce: 200,
  httpTimeout: 60_000,
  toast: 3_000,
  copiedToast: 1_000,
  errorMessage: 5_000,
} as const;
