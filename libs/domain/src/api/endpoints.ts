/**
 * Every call of the API (docs/api/*.md), by feature: its method, its path under /webcyc/api, and
 * the wire types of its query, body and reply. The API's routes are declared from it and both
 * clients call through it, so neither side writes a path or a query key by hand.
 */
import type { Account, AccountName, AccountUser, ManagerName, NameBody, WhoAmI } from './accounts';
import type { ExportDownloadQuery, ExportLink } from './account-export';
import type {
  CapabilityReport,
  ControlChartQuery,
  ControlChartReply,
  FailedRun,
  FailedRunsQuery,
  FailureParetoReport,
  FailureQuery,
  MeasuredStep,
  MeasuredStepsQuery,
  StepAnalysisQuery,
  TraceBandQuery,
  TraceBandReport,
} from './analysis';
import type { ApiToken, CreateApiTokenBody, CreatedApiToken } from './api-tokens';
import type { AccountRow, BillQuery, BillRow, UsageQuery, UsageRow } from './back-office';
import type { Challenge, VerifyCaptchaBody } from './captcha';
import type {
  AddSeqBody,
  AddStepBody,
  CopySeqBody,
  CopyStepsBody,
  DeleteStepsBody,
  EditorProduct,
  EditorSeq,
  ImportTestAnswer,
  ImportTestRequest,
  ProcessControlBody,
  ProductBody,
  RenameSeqBody,
  SaveCalsBody,
  StepDialogBody,
  StepOrderBody,
  StepParamBody,
} from './editor';
import { endpoint, type ByteReply } from './endpoint';
import type {
  ActivateQuery,
  ChangePassBody,
  ForgetPassBody,
  LoginBody,
  ResetPassBody,
  SessionUser,
  SignupBody,
} from './identity';
import type {
  Certificate,
  CertificateUpload,
  ContainmentAnswer,
  ContainmentQuery,
  InstrumentCheckAnswer,
  InstrumentCheckBody,
  InstrumentDetail,
  InstrumentRow,
  InstrumentSettings,
  RetestAnswer,
  RetestBody,
  RunOriginReport,
} from './instruments';
import type { Release } from './releases';
import type {
  RejectReleaseBody,
  ReleaseDiff,
  ReleaseDiffQuery,
  ReleaseMark,
  ReleaseNoteBody,
  ReleaseSettings,
  SeqRelease,
  SeqReleases,
  WaitingRelease,
} from './test-releases';
import type { AuditCsvRow } from '../audit/audit-csv';
import type { AuditChainQuery, AuditQuery, AuditRow, AuditVerification } from './audit';
import type {
  DayCount,
  DayRate,
  PassRateQuery,
  ProductListItem,
  UnitCountQuery,
  YieldQuery,
} from './reports';
import type {
  AttachmentInfo,
  LatestRun,
  ReportPdfQuery,
  SnProductsQuery,
  SnReport,
  SnReportQuery,
  TraceData,
} from './results';
import type {
  AcknowledgeAlarmBody,
  FreezeLimitsBody,
  FrozenLimits,
  FrozenLimitsAnswer,
  FrozenLimitsQuery,
  RunSpcNotice,
  SpcAlarm,
  SpcAlarmPage,
  SpcAlarmsQuery,
  SpcSubscription,
} from './spc';
import type {
  AttachmentUpload,
  RunnerProduct,
  RunnerSeq,
  RunnerSnQuery,
  RunnerSnState,
  RunUpload,
  RunUploadAnswer,
} from './runner';
import type {
  AddedSerialNumbers,
  JumpedSerialNumbers,
  JumpToStageRequest,
  SerialNumbersRequest,
  SnHistoryQuery,
  SnProduct,
  SnStageHistory,
  SnUnit,
  SnUnitsQuery,
} from './serial-numbers';
import type { SiteInfo } from './site';
import type { StationBoard, StationReport, StationStreamQuery, StationStreamTicket } from './stations';
import type { AddUserBody, UserFields } from './users';

/** A call that answers `data: null`. */
type Done = { reply: null };

export const endpoints = {
  identity: {
    challenge: endpoint<{ reply: Challenge }>()('GET', '/captcha/challenge'),
    verifyCaptcha: endpoint<{ body: VerifyCaptchaBody; reply: string }>()('POST', '/captcha'),
    loginState: endpoint<{ reply: SessionUser }>()('GET', '/login_state'),
    login: endpoint<{ body: LoginBody; reply: SessionUser }>()('POST', '/login'),
    logout: endpoint<Done>()('GET', '/logout'),
    signup: endpoint<Done & { body: SignupBody }>()('POST', '/user/signup'),
    activate: endpoint<Done & { body: ActivateQuery }>()('POST', '/user/activate'),
    forgetPass: endpoint<Done & { body: ForgetPassBody }>()('POST', '/user/forget_pass'),
    resetPass: endpoint<Done & { body: ResetPassBody }>()('POST', '/user/reset_pass'),
    changePass: endpoint<Done & { body: ChangePassBody }>()('PUT', '/user/pass'),
  },
  accounts: {
    account: endpoint<{ reply: Account }>()('GET', '/user/account'),
    renameAccount: endpoint<{ body: NameBody; reply: AccountName }>()('PUT', '/user/account_name'),
    renameManager: endpoint<{ body: NameBody; reply: ManagerName }>()('PUT', '/user/manager_name'),
    whoAmI: endpoint<{ reply: WhoAmI }>()('GET', '/user/whoami'),
  },
  users: {
    add: endpoint<{ body: AddUserBody; reply: AccountUser }>()('POST', '/user'),
    reactivate: endpoint<{ reply: AccountUser }>()('PUT', '/user/reactivate/:id'),
    edit: endpoint<{ body: UserFields; reply: AccountUser }>()('PUT', '/user/:id'),
    remove: endpoint<Done>()('DELETE', '/user/:id'),
  },
  apiTokens: {
    list: endpoint<{ reply: ApiToken[] }>()('GET', '/user/api_tokens'),
    create: endpoint<{ body: CreateApiTokenBody; reply: CreatedApiToken }>()('POST', '/user/api_tokens'),
    revoke: endpoint<Done>()('DELETE', '/user/api_tokens/:id'),
  },
  accountExport: {
    /** The archive, straight away (the CLI, a signed-in call). */
    archive: endpoint<{ reply: ByteReply }>()('GET', '/user/export'),
    link: endpoint<{ reply: ExportLink }>()('POST', '/user/export/link'),
    /** The archive by a link's code (the browser opens it, without a session header). */
    download: endpoint<{ query: ExportDownloadQuery; reply: ByteReply }>()('GET', '/user/export/download'),
  },
  serialNumbers: {
    products: endpoint<{ reply: SnProduct[] }>()('GET', '/sn'),
    history: endpoint<{ query: SnHistoryQuery; reply: SnStageHistory }>()('GET', '/sn/history'),
    /** Ours: each serial number of a product with its stage and latest result (the screen's rows). */
    units: endpoint<{ query: SnUnitsQuery; reply: SnUnit[] }>()('GET', '/sn/units'),
    add: endpoint<{ body: SerialNumbersRequest; reply: AddedSerialNumbers }>()('POST', '/sn'),
    remove: endpoint<Done & { body: SerialNumbersRequest }>()('DELETE', '/sn'),
    jump: endpoint<{ body: JumpToStageRequest; reply: JumpedSerialNumbers }>()('POST', '/sn_stage_history'),
  },
  editor: {
    load: endpoint<{ reply: EditorProduct[] }>()('GET', '/user/edit'),
    addProduct: endpoint<{ body: ProductBody; reply: EditorProduct }>()('POST', '/product'),
    editProduct: endpoint<{ body: ProductBody; reply: EditorProduct }>()('PUT', '/product/:id'),
    deleteProduct: endpoint<Done>()('DELETE', '/product/:id'),
    addSeq: endpoint<{ body: AddSeqBody; reply: EditorSeq }>()('POST', '/seq'),
    renameSeq: endpoint<{ body: RenameSeqBody; reply: EditorSeq }>()('PUT', '/seq/name/:id'),
    deleteSeq: endpoint<Done>()('DELETE', '/seq/:id'),
    copySeq: endpoint<{ body: CopySeqBody; reply: EditorSeq }>()('POST', '/seq/copy'),
    processControl: endpoint<{ body: ProcessControlBody; reply: EditorProduct }>()(
      'PUT',
      '/product/process_control/:productId',
    ),
    saveCals: endpoint<{ body: SaveCalsBody; reply: EditorSeq }>()('POST', '/seq/cals/:seqId'),
    addStep: endpoint<{ body: AddStepBody; reply: EditorSeq }>()('POST', '/step'),
    saveParam: endpoint<{ body: StepParamBody; reply: EditorSeq }>()('PUT', '/step/param/:id'),
    editStep: endpoint<{ body: StepDialogBody; reply: EditorSeq }>()('PUT', '/step/:id'),
    copySteps: endpoint<{ body: CopyStepsBody; reply: EditorSeq }>()('POST', '/step/copy'),
    orderSteps: endpoint<{ body: StepOrderBody; reply: EditorSeq }>()('PUT', '/seq/step_order/:seqId'),
    deleteSteps: endpoint<{ body: DeleteStepsBody; reply: EditorSeq }>()('DELETE', '/step'),
    importTest: endpoint<{ body: ImportTestRequest; reply: ImportTestAnswer }>()('PUT', '/seq/import'),
  },
  /** Ours: releases of a test and the account's release control (docs/releases.md). */
  testReleases: {
    list: endpoint<{ reply: SeqReleases }>()('GET', '/seq/:seqId/releases'),
    /** The tests column's marks of a whole product, in one call. */
    marks: endpoint<{ reply: ReleaseMark[] }>()('GET', '/product/:productId/release_marks'),
    release: endpoint<{ body: ReleaseNoteBody; reply: SeqRelease }>()('POST', '/seq/:seqId/releases'),
    rollback: endpoint<{ body: ReleaseNoteBody; reply: SeqRelease }>()(
      'POST',
      '/seq/:seqId/releases/:no/rollback',
    ),
    approve: endpoint<{ reply: SeqRelease }>()('POST', '/seq/:seqId/releases/:no/approve'),
    reject: endpoint<{ body: RejectReleaseBody; reply: SeqRelease }>()(
      'POST',
      '/seq/:seqId/releases/:no/reject',
    ),
    diff: endpoint<{ query: ReleaseDiffQuery; reply: ReleaseDiff }>()('GET', '/seq/:seqId/diff'),
    waiting: endpoint<{ reply: WaitingRelease[] }>()('GET', '/releases/waiting'),
    settings: endpoint<{ reply: ReleaseSettings }>()('GET', '/user/release_settings'),
    saveSettings: endpoint<{ body: ReleaseSettings; reply: ReleaseSettings }>()(
      'PUT',
      '/user/release_settings',
    ),
  },
  /** Ours: the audit trail (docs/audit.md), managers only. */
  audit: {
    /** History's rows, newest first, with their product's and test's names (as they are now). */
    list: endpoint<{ query: AuditQuery; reply: AuditCsvRow[] }>()('GET', '/audit'),
    csv: endpoint<{ query: AuditQuery; reply: ByteReply }>()('GET', '/audit/csv'),
    chain: endpoint<{ query: AuditChainQuery; reply: AuditRow[] }>()('GET', '/audit/chain'),
    verify: endpoint<{ reply: AuditVerification }>()('GET', '/audit/verify'),
  },
  /** Ours: instruments, certificates and what measured a run (docs/api/instruments.md). */
  instruments: {
    list: endpoint<{ reply: InstrumentRow[] }>()('GET', '/instruments'),
    one: endpoint<{ reply: InstrumentDetail }>()('GET', '/instruments/:instrumentId'),
    /** multipart/form-data, not JSON; managers. */
    addCertificate: endpoint<{ body: CertificateUpload; reply: Certificate }>()(
      'POST',
      '/instruments/:instrumentId/certificates',
    ),
    certificatePdf: endpoint<{ reply: ByteReply }>()(
      'GET',
      '/instruments/:instrumentId/certificates/:certificateId/pdf',
    ),
    settings: endpoint<{ reply: InstrumentSettings }>()('GET', '/user/instrument_settings'),
    saveSettings: endpoint<{ body: InstrumentSettings; reply: InstrumentSettings }>()(
      'PUT',
      '/user/instrument_settings',
    ),
    /** The runner asks before it measures; nothing is stored. */
    check: endpoint<{ body: InstrumentCheckBody; reply: InstrumentCheckAnswer }>()(
      'POST',
      '/runner/instruments/check',
    ),
    runOrigin: endpoint<{ reply: RunOriginReport }>()('GET', '/runs/:id/origin'),
  },
  /** Ours: which units an instrument, a calibration, a station or an operator measured. */
  containment: {
    list: endpoint<{ query: ContainmentQuery; reply: ContainmentAnswer }>()('GET', '/containment'),
    csv: endpoint<{ query: ContainmentQuery; reply: ByteReply }>()('GET', '/containment/csv'),
    /** Editors and managers: the spec's stage jump for each unit, audited. */
    retest: endpoint<{ body: RetestBody; reply: RetestAnswer }>()('POST', '/containment/retest'),
  },
  runner: {
    products: endpoint<{ reply: RunnerProduct[] }>()('GET', '/runner/products'),
    seq: endpoint<{ reply: RunnerSeq }>()('GET', '/runner/seqs/:id'),
    sn: endpoint<{ query: RunnerSnQuery; reply: RunnerSnState }>()('GET', '/runner/sn'),
    /** Served by Express ahead of Nest's router (apps/api/src/runner/run-upload.route.ts). */
    upload: endpoint<{ body: RunUpload; reply: RunUploadAnswer }>()('POST', '/runner/runs'),
    /** multipart/form-data, not JSON. */
    attachment: endpoint<{ body: AttachmentUpload; reply: AttachmentInfo }>()(
      'POST',
      '/runner/runs/:id/attachments',
    ),
  },
  stations: {
    report: endpoint<Done & { body: StationReport }>()('POST', '/runner/station'),
    board: endpoint<{ reply: StationBoard }>()('GET', '/stations'),
    ticket: endpoint<{ reply: StationStreamTicket }>()('POST', '/stations/stream-ticket'),
    /** text/event-stream (STATION_EVENTS). */
    stream: endpoint<{ query: StationStreamQuery; reply: ByteReply }>()('GET', '/stations/stream'),
  },
  reports: {
    productList: endpoint<{ reply: ProductListItem[] }>()('GET', '/user/product_list'),
    dailyTestUnitCount: endpoint<{ query: UnitCountQuery; reply: DayCount[] }>()(
      'GET',
      '/report/daily_test_unit_count',
    ),
    dailyPassRate: endpoint<{ query: PassRateQuery; reply: DayRate[] }>()('GET', '/report/daily_pass_rate'),
    snPassYield: endpoint<{ query: YieldQuery; reply: DayRate[] }>()('GET', '/report/sn_pass_yield'),
  },
  analysis: {
    steps: endpoint<{ query: MeasuredStepsQuery; reply: MeasuredStep[] }>()('GET', '/report/steps'),
    capability: endpoint<{ query: StepAnalysisQuery; reply: CapabilityReport }>()(
      'GET',
      '/report/capability',
    ),
    control: endpoint<{ query: ControlChartQuery; reply: ControlChartReply }>()('GET', '/report/control'),
    failures: endpoint<{ query: FailureQuery; reply: FailureParetoReport }>()('GET', '/report/failures'),
    failedRuns: endpoint<{ query: FailedRunsQuery; reply: FailedRun[] }>()('GET', '/report/failures/runs'),
    traceBand: endpoint<{ query: TraceBandQuery; reply: TraceBandReport }>()('GET', '/report/trace_band'),
  },
  /** Ours: production SPC, frozen limits and alarms (docs/api/spc.md). */
  spc: {
    /** Editors and managers; freezing again replaces the limits (audited). */
    freeze: endpoint<{ body: FreezeLimitsBody; reply: FrozenLimits }>()('POST', '/spc/limits'),
    limits: endpoint<{ query: FrozenLimitsQuery; reply: FrozenLimitsAnswer }>()('GET', '/spc/limits'),
    alarms: endpoint<{ query: SpcAlarmsQuery; reply: SpcAlarmPage }>()('GET', '/spc/alarms'),
    acknowledge: endpoint<{ body: AcknowledgeAlarmBody; reply: SpcAlarm }>()(
      'POST',
      '/spc/alarms/:alarmId/acknowledge',
    ),
    subscription: endpoint<{ reply: SpcSubscription }>()('GET', '/spc/subscriptions/:productId'),
    subscribe: endpoint<{ reply: SpcSubscription }>()('PUT', '/spc/subscriptions/:productId'),
    unsubscribe: endpoint<{ reply: SpcSubscription }>()('DELETE', '/spc/subscriptions/:productId'),
    /** The runner asks right after an upload what its run did to the steps' alarms. */
    runNotices: endpoint<{ reply: RunSpcNotice[] }>()('GET', '/runner/runs/:id/spc'),
  },
  backOffice: {
    bill: endpoint<{ query: BillQuery; reply: BillRow[] }>()('GET', '/report/bill'),
    usage: endpoint<{ query: UsageQuery; reply: UsageRow[] }>()('GET', '/report/usage'),
    accounts: endpoint<{ reply: AccountRow[] }>()('GET', '/report/accounts'),
  },
  results: {
    bySn: endpoint<{ query: SnReportQuery; reply: SnReport }>()('GET', '/report/sn'),
    /** Ours: every product's runs of a serial number, the product tested last first. */
    bySnEveryProduct: endpoint<{ query: SnProductsQuery; reply: SnReport[] }>()('GET', '/report/sn/products'),
    /** Ours: the account's LATEST_RUNS latest runs, newest first. */
    latest: endpoint<{ reply: LatestRun[] }>()('GET', '/report/latest'),
    traces: endpoint<{ reply: TraceData[] }>()('GET', '/runs/:id/traces'),
    attachments: endpoint<{ reply: AttachmentInfo[] }>()('GET', '/runs/:id/attachments'),
    attachment: endpoint<{ reply: ByteReply }>()('GET', '/runs/:id/attachments/:attachmentId'),
    pdf: endpoint<{ query: ReportPdfQuery; reply: ByteReply }>()('GET', '/report/pdf'),
  },
  site: {
    info: endpoint<{ reply: SiteInfo }>()('GET', '/site'),
  },
  releases: {
    list: endpoint<{ reply: Release[] }>()('GET', '/version'),
  },
  health: {
    /** The process answers (liveness). */
    live: endpoint<{ reply: { ok: true } }>()('GET', '/health'),
    /** The database answers too (readiness). */
    ready: endpoint<{ reply: { ok: true } }>()('GET', '/health/ready'),
  },
} as const;
