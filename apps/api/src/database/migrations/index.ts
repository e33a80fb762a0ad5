import { IdentityAndEditor1763856000000 } from './1763856000000-identity-and-editor';
import { ApiTokenNames1763856200000 } from './1763856200000-api-token-names';
import { EditorVersion1763856400000 } from './1763856400000-editor-version';
import { SerialNumbersAndRuns1763856500000 } from './1763856500000-serial-numbers-and-runs';
import { ReportIndexesAndUnitDays1763856600000 } from './1763856600000-report-indexes-and-unit-days';
import { LeanUploadsAndUnitSlots1763856700000 } from './1763856700000-lean-uploads-and-unit-slots';
import { ExportLinks1763856800000 } from './1763856800000-export-links';
import { RunsByMonthAndAccountKeys1763857000000 } from './1763857000000-runs-by-month-and-account-keys';
import { RunClientIds1763857100000 } from './1763857100000-run-client-ids';
import { StationStates1763857250000 } from './1763857250000-station-states';
import { UploadStateAndReportRollups1763857300000 } from './1763857300000-upload-state-and-report-rollups';
import { RunStepValues1763857400000 } from './1763857400000-run-step-values';
import { RunFailures1763857500000 } from './1763857500000-run-failures';
import { LeanRollupTrigger1763857600000 } from './1763857600000-lean-rollup-trigger';
import { StepValuesCovered1763857700000 } from './1763857700000-step-values-covered';
import { RunVersionsCovered1763857800000 } from './1763857800000-run-versions-covered';
import { RollupRebuild1763857900000 } from './1763857900000-rollup-rebuild';
import { StationUnitTimes1763858250000 } from './1763858250000-station-unit-times';
import { TrialStorage1763858400000 } from './1763858400000-trial-storage';
import { TestReleases1763858500000 } from './1763858500000-test-releases';
import { AuditTrail1763858600000 } from './1763858600000-audit-trail';
import { InstrumentTraceability1763858700000 } from './1763858700000-instrument-traceability';
import { RunOriginKeys1763858800000 } from './1763858800000-run-origin-keys';
import { RunOriginByInstrument1763858900000 } from './1763858900000-run-origin-by-instrument';
import { SpcAlarms1763860000000 } from './1763860000000-spc-alarms';
import { StepSlotStatistics1763860100000 } from './1763860100000-step-slot-statistics';
import { FailureSlots1763860110000 } from './1763860110000-failure-slots';
import { InstrumentLatestDue1763860200000 } from './1763860200000-instrument-latest-due';
import { RunOriginSets1763860300000 } from './1763860300000-run-origin-sets';
import { StepSlotBins1763860400000 } from './1763860400000-step-slot-bins';
import { FailureAndVersionDays1763860410000 } from './1763860410000-failure-and-version-days';
import { StepDays1763860500000 } from './1763860500000-step-days';
import { AnalyticsDoubles1763860700000 } from './1763860700000-analytics-doubles';
import { SlotBinWidths1763860800000 } from './1763860800000-slot-bin-widths';
import { RebuildWithoutTriggers1763860900000 } from './1763860900000-rebuild-without-triggers';
import { BinWidthPlpgsql1763861000000 } from './1763861000000-bin-width-plpgsql';
import { SlotLateValues1763861100000 } from './1763861100000-slot-late-values';
import { DayVersionsOnce1763861200000 } from './1763861200000-day-versions-once';
import { RunOperatorIndex1763861300000 } from './1763861300000-run-operator-index';
import { StepValuesFolded1763861400000 } from './1763861400000-step-values-folded';
import { StepDaysClosed1763861500000 } from './1763861500000-step-days-closed';
import { StepSlotsClosed1763861600000 } from './1763861600000-step-slots-closed';

/** Every migration, oldest first. A landed migration is never edited: add a new one. */
export const MIGRATIONS = [
  IdentityAndEditor1763856000000,
  ApiTokenNames1763856200000,
  EditorVersion1763856400000,
  SerialNumbersAndRuns1763856500000,
  ReportIndexesAndUnitDays1763856600000,
  LeanUploadsAndUnitSlots1763856700000,
  ExportLinks1763856800000,
  RunsByMonthAndAccountKeys1763857000000,
  RunClientIds1763857100000,
  StationStates1763857250000,
  UploadStateAndReportRollups1763857300000,
  RunStepValues1763857400000,
  RunFailures1763857500000,
  LeanRollupTrigger1763857600000,
  StepValuesCovered1763857700000,
  RunVersionsCovered1763857800000,
  RollupRebuild1763857900000,
  StationUnitTimes1763858250000,
  TrialStorage1763858400000,
  TestReleases1763858500000,
  AuditTrail1763858600000,
  InstrumentTraceability1763858700000,
  RunOriginKeys1763858800000,
  RunOriginByInstrument1763858900000,
  SpcAlarms1763860000000,
  StepSlotStatistics1763860100000,
  FailureSlots1763860110000,
  InstrumentLatestDue1763860200000,
  RunOriginSets1763860300000,
  StepSlotBins1763860400000,
  FailureAndVersionDays1763860410000,
  StepDays1763860500000,
  AnalyticsDoubles1763860700000,
  SlotBinWidths1763860800000,
  RebuildWithoutTriggers1763860900000,
  BinWidthPlpgsql1763861000000,
  SlotLateValues1763861100000,
  DayVersionsOnce1763861200000,
  RunOperatorIndex1763861300000,
  StepValuesFolded1763861400000,
  StepDaysClosed1763861500000,
  StepSlotsClosed1763861600000,
];
