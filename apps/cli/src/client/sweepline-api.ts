import type {
  AddedSerialNumbers,
  ImportTestAnswer,
  ImportTestRequest,
  JumpedSerialNumbers,
  JumpToStageRequest,
  Product,
  ProductBody,
  SerialNumbersRequest,
  SessionUser,
  SnProduct,
  SnReport,
  WhoAmI,
} from '@sweepline/domain';
import { ApiClient, Download } from './api-client';

/** The run GET /report/pdf prints: the fields GET /report/sn gives for it. */
export interface PdfRun {
  seqId: number;
  sn: string;
  snStageHistoryId: number;
  runNo: number;
  /** Hours from UTC for the printed start time. */
  zoneOffset: number;
}

/**
 * The API's calls the command-line program makes, typed with the domain's wire types
 * (docs/api/*.md). Anything not here: `api.call<T>(method, path, {query, body})`.
 */
export class SweeplineApi extends ApiClient {
  whoami(): Promise<WhoAmI> {
    return this.call('GET', '/user/whoami');
  }

  loginState(): Promise<SessionUser> {
    return this.call('GET', '/login_state');
  }

  logout(): Promise<null> {
    return this.call('GET', '/logout');
  }

  /** The account's products, each with all its serial numbers and stages. */
  snProducts(): Promise<SnProduct[]> {
    return this.call('GET', '/sn');
  }

  addSerialNumbers(productId: number, serialNumbers: string[]): Promise<AddedSerialNumbers> {
    return this.call('POST', '/sn', {
      body: { product_id: productId, sn_array: serialNumbers } satisfies SerialNumbersRequest,
    });
  }

  deleteSerialNumbers(productId: number, serialNumbers: string[]): Promise<null> {
    return this.call('DELETE', '/sn', {
      body: { product_id: productId, sn_array: serialNumbers } satisfies SerialNumbersRequest,
    });
  }

  jumpToStage(request: JumpToStageRequest): Promise<JumpedSerialNumbers> {
    return this.call('POST', '/sn_stage_history', { body: request });
  }

  /** The account's products with their tests, steps and calibrations (the editor's list). */
  editorProducts(): Promise<Product[]> {
    return this.call('GET', '/user/edit');
  }

  /** PUT /seq/import: one test of a test-export file, created or updated by name, all or nothing. */
  importTest(request: ImportTestRequest): Promise<ImportTestAnswer> {
    return this.call('PUT', '/seq/import', { body: request });
  }

  addProduct(product: ProductBody): Promise<Product> {
    return this.call('POST', '/product', { body: product });
  }

  snReport(sn: string, all: boolean, productId?: number): Promise<SnReport> {
    return this.call('GET', '/report/sn', { query: { sn, is_all: all ? 1 : 0, product_id: productId } });
  }

  reportPdf(run: PdfRun): Promise<Download> {
    return this.download('/report/pdf', {
      seq_id: run.seqId,
      sn: run.sn,
      sn_stage_history_id: run.snStageHistoryId,
      run_no: run.runNo,
      zone_offset: run.zoneOffset,
    });
  }
}
