/**
 * Validation texts the specification leaves open (docs/requirements/test-editor.md#messages gives only some of them), and
 * the field labels the step tooltip prefixes them with. The spec's own texts stay in MSG
 * (limits/messages.ts); docs/validation.md lists both.
 */
export const VMSG = {
  // numbers
  enterNumber: 'Enter a number',
  mustBeInteger: 'Must be an integer',
  atLeast: (min: number) => `Must be at least ${min}`,
  atMost: (max: number) => `Must be at most ${max}`,
  between: (min: number, max: number) => `Must be between ${min} and ${max}`,
  greaterThan: (min: number) => `Must be greater than ${min}`,
  decimals: (n: number) => `At most ${n} ${n === 1 ? 'decimal' : 'decimals'}`,
  inSteps: (min: number, max: number, step: number) => `Must be from ${min} to ${max} in steps of ${step}`,
  // texts and choices
  invalidValue: 'Invalid value',
  invalidParam: 'Invalid parameters',
  chooseOption: 'Choose an option',
  // calibrations
  chooseCalibrationType: 'Choose a calibration type',
  choosePorts: 'Choose the ports',
  duplicateCalibrationId: 'Duplicate calibration id',
  // step parameters
  chooseCalibration: 'Choose a calibration',
  chooseSParam: 'Choose an S parameter',
  spanTooLarge: 'The span is greater than the frequency range',
  chooseDependingStep: 'Choose a depending step',
  chooseStep: 'Choose a step',
  sameSteps: 'Choose two different steps',
  enterLimit: 'Enter an upper or a lower limit',
  lowerAboveUpper: 'The lower limit is greater than the upper limit',
  gatingStartNotBelowStop: 'The gating start must be less than the gating stop',
  addAlignment: 'Add an alignment',
  addSParameter: 'Add an S parameter',
  oneActiveTrace: 'Exactly one S parameter must be active',
  formatNotAllowed: 'Not available for this S parameter',
  atLeast2AnswerChoices: 'At least 2 answer choices',
  chooseAnswer: 'Choose the correct answer',
  oneAnswerOnly: 'Choose only one correct answer',
} as const;

/**
 * Labels of the wire field names, for the tooltip lines ('Start frequency: Enter a number'). An
 * empty label leaves the message alone: 'Choose type' and 'Invalid parameters' say it all.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  '': '',
  param: '',
  actionId: '',
  name: 'Name',
  model: 'Model',
  info: 'Info',
  title: 'Title',
  upper: 'Upper limit',
  lower: 'Lower limit',
  unit: 'Unit',
  sParam: 'S parameter',
  startFreq_MHz: 'Start frequency',
  stopFreq_MHz: 'Stop frequency',
  freq_MHz: 'Frequency',
  spanFreq_MHz: 'Span',
  calId: 'Calibration',
  bindStepId: 'Depending step',
  average: 'Average',
  smooth: 'Smooth',
  refPos: 'Reference position',
  isGating: 'Gating',
  gatingType: 'Gating type',
  gatingShape: 'Gating shape',
  gatingStart_ns: 'Gating start',
  gatingStop_ns: 'Gating stop',
  isReportScreen: 'Report screen',
  port12MeasType: 'Port 1/2 measurement',
  port1Limit: 'Port 1 limit',
  port2Limit: 'Port 2 limit',
  transLossLimit_dB: 'Transmission loss limit',
  stepId1: 'Step 1',
  stepId2: 'Step 2',
  IFBW_Hz: 'IFBW',
  isShowFreq: 'Show frequency',
  div: 'Divisions',
  fileName: 'File name',
  isActiveMarker: 'Active marker',
  isActive: 'Active',
  df: 'Format',
  scale: 'Scale',
  refValue: 'Reference value',
  refPosition: 'Reference position',
  type: 'Type',
  ports: 'Ports',
  startValue: 'Start value',
  stopValue: 'Stop value',
  powerOutput: 'Power output',
  powerOffset: 'Power offset',
  imOrder: 'IM order',
  mode: 'Mode',
  fix1_MHz: 'F1',
  fix2_MHz: 'F2',
  fixTime_sec: 'Duration',
  sweep1Start_MHz: 'F1 start',
  sweep1Stop_MHz: 'F1 stop',
  sweep2Start_MHz: 'F2 start',
  sweep2Stop_MHz: 'F2 stop',
  sweepStep_MHz: 'Sweep step',
  sweepCount: 'Sweep count',
  question: 'Question',
  answer: 'Answer',
  text: 'Text',
  checked: 'Correct answer',
  freqPoints: 'Points',
  power_dBm: 'Power',
  smoothing: 'Smoothing',
  id: 'Id',
};

/** The label of an item of an array field: 'Alignment 1', 'Trace 2'... */
export const ITEM_LABELS: Readonly<Record<string, string>> = {
  channelArray: 'Alignment',
  traceArray: 'Trace',
  lineArray: 'Line',
  markerArray: 'Marker',
  optionArray: 'Option',
  cals: 'Calibration',
};

/** `value` means something different in each kind of param that has it. */
export const VALUE_LABELS: Readonly<Record<string, string>> = {
  text: 'Text',
  delay: 'Seconds',
  snp: 'File name',
};
