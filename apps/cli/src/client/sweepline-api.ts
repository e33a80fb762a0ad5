import {
  endpoints,
  type AddedSerialNumbers,
  type ClientQuery,
  type ImportTestAnswer,
  type ImportTestRequest,
  type JumpedSerialNumbers,
  type JumpToStageRequest,
  type Product,
  type ProductBody,
  type ReleaseDiff,
  type ReleaseDiffQuery,
  type ReportPdfQuery,
  type SeqRelease,
  type SeqReleases,
  type SessionUser,
  type SnProduct,
  type SnReport,
  type WhoAmI,
} from '@sweepline/domain';
import { ApiClient, type Download } from './api-client';

const { identity, accounts, editor, results, testReleases } = endpoints;
const sn = endpoints.serialNumbers;

/**
 * The API's calls the command-line program makes, named, over the domain's endpoint table
 * (docs/api/*.md). Any other call: `api.request(endpoints.<feature>.<call>, {params, query, body})`.
 */
export class SweeplineApi extends ApiClient {
  whoami(): Promise<WhoAmI> {
    return this.request(accounts.whoAmI);
  }

  loginState(): Promise<SessionUser> {
    return this.request(identity.loginState);
  }

  logout(): Promise<null> {
    return this.request(identity.logout);
  }

  /** The account's products, each with all its serial numbers and stages. */
  snProducts(): Promise<SnProduct[]> {
    return this.request(sn.products);
  }

  addSerialNumbers(productId: number, serialNumbers: string[]): Promise<AddedSerialNumbers> {
    return this.request(sn.add, { body: { product_id: productId, sn_array: serialNumbers } });
  }

  deleteSerialNumbers(productId: number, serialNumbers: string[]): Promise<null> {
    return this.request(sn.remove, { body: { product_id: productId, sn_array: serialNumbers } });
  }

  jumpToStage(request: JumpToStageRequest): Promise<JumpedSerialNumbers> {
    return this.request(sn.jump, { body: request });
  }

  /** The account's products with their tests, steps and calibrations (the editor's list). */
  editorProducts(): Promise<Product[]> {
    return this.request(editor.load);
  }

  /** PUT /seq/import: one test of a test-export file, created or updated by name, all or nothing. */
  importTest(request: ImportTestRequest): Promise<ImportTestAnswer> {
    return this.request(editor.importTest, { body: request });
  }

  addProduct(product: ProductBody): Promise<Product> {
    return this.request(editor.addProduct, { body: product });
  }

  editProduct(id: number, product: ProductBody): Promise<Product> {
    return this.request(editor.editProduct, { params: { id }, body: product });
  }

  /** A test's releases, newest first, and which one the runner runs (docs/api/releases.md). */
  seqReleases(seqId: number): Promise<SeqReleases> {
    return this.request(testReleases.list, { params: { seqId } });
  }

  /** Releases the test's draft with a note: released, or waiting for a second person's approval. */
  release(seqId: number, note: string): Promise<SeqRelease> {
    return this.request(testReleases.release, { params: { seqId }, body: { note } });
  }

  /** What changed between two releases, or a release and the draft. */
  releaseDiff(seqId: number, query: ReleaseDiffQuery): Promise<ReleaseDiff> {
    return this.request(testReleases.diff, { params: { seqId }, query });
  }

  snReport(serialNumber: string, all: boolean, productId?: number): Promise<SnReport> {
    return this.request(results.bySn, {
      query: { sn: serialNumber, is_all: all ? 1 : 0, product_id: productId },
    });
  }

  /** The serial number's runs in every product that holds it, the product tested last first. */
  snReportEveryProduct(serialNumber: string, all: boolean): Promise<SnReport[]> {
    return this.request(results.bySnEveryProduct, { query: { sn: serialNumber, is_all: all ? 1 : 0 } });
  }

  /** The PDF of the run the query names, as GET /report/sn gives it. */
  reportPdf(query: ClientQuery<ReportPdfQuery>): Promise<Download> {
    return this.download(results.pdf, { query });
  }
}
