/**
 * Helpers of the editor's integration specs (not part of the build: testing/ folders are skipped).
 */
import request from 'supertest';
import type { Product, Seq } from '@sweepline/domain';
import { ActionId, getAction, Role } from '@sweepline/domain';
import { CAL, completeParam } from '@sweepline/domain/src/testing/step-fixtures';
import type { Member } from '../../../test/fixtures';
import { createManager, createMember } from '../../../test/fixtures';
import type { TestApp } from '../../../test/test-app';

export const API = '/webcyc/api';

type Body = string | object | undefined;

/** Calls as one signed-in member (or nobody, for 401 checks). */
export function editorApi(t: () => TestApp, member?: Member) {
  const sign = (test: request.Test) => (member ? test.set('x-auth-token', member.token) : test);
  const server = () => request(t().http());
  return {
    get: (path: string) => sign(server().get(API + path)),
    post: (path: string, body?: Body) => sign(server().post(API + path)).send(body),
    put: (path: string, body?: Body) => sign(server().put(API + path)).send(body),
    delete: (path: string, body?: Body) => sign(server().delete(API + path)).send(body),
  };
}

export type EditorApi = ReturnType<typeof editorApi>;

export interface EditorMembers {
  manager: Member;
  /** 'Erin Editor', who edits in the specs (her name is the one the audit fields show). */
  editor: Member;
  /** Of the same account: may read but not edit. */
  operator: Member;
  /** Another account's manager: its rows answer 404 and must stay untouched. */
  stranger: Member;
}

/** The members every editor spec works with, in a new account (and the stranger in another). */
export async function createEditorMembers(t: TestApp): Promise<EditorMembers> {
  const manager = await createManager(t);
  const editor = await createMember(t, manager.accountId, Role.Editor, 'Erin Editor');
  const operator = await createMember(t, manager.accountId, Role.Operator);
  const stranger = await createManager(t);
  return { manager, editor, operator, stranger };
}

/** The data of a successful reply; throws with the reply's msg otherwise. */
export async function ok<T>(reply: Promise<request.Response> | request.Test): Promise<T> {
  const res = await reply;
  if (res.status !== 200 && res.status !== 201) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
  if (res.body?.status !== 1) throw new Error(`status ${res.body?.status}: ${res.body?.msg}`);
  return res.body.data as T;
}

export function addProduct(api: EditorApi, name: string, model = '', info = ''): Promise<Product> {
  return ok<Product>(api.post('/product', { name, model, info }));
}

export function addSeq(api: EditorApi, productId: number, name: string, currentSeqId = -1): Promise<Seq> {
  return ok<Seq>(api.post('/seq', { product_id: productId, name, current_seq_id: currentSeqId }));
}

/** A test 'T' in a new product of `owner`'s account: another account's row, for the 404 checks. */
export async function addForeignTest(t: () => TestApp, owner: Member, productName: string): Promise<Seq> {
  const theirs = editorApi(t, owner);
  return addSeq(theirs, (await addProduct(theirs, productName)).id, 'T');
}

export interface AddStepOptions {
  after?: number;
  name?: string;
}

/** A step of `actionId`; default-named unless a name is given. Answers the updated test. */
export function addStep(api: EditorApi, seqId: number, actionId: ActionId, options: AddStepOptions = {}) {
  return ok<Seq>(
    api.post('/step', {
      seq_id: seqId,
      instrument_id: getAction(actionId).instrumentId,
      action_id: actionId,
      is_default_name: options.name === undefined,
      name: options.name ?? '',
      after_step_id: options.after ?? -1,
    }),
  );
}

export function saveParam(api: EditorApi, stepId: number, param: unknown, name?: string): Promise<Seq> {
  return ok<Seq>(api.put(`/step/param/${stepId}`, name === undefined ? { param } : { param, name }));
}

/** A call the API must refuse, with the HTTP status and the msg it must answer. */
export type Refusal = [call: () => PromiseLike<request.Response>, status: number, msg: string];

/** Makes each call in turn; each must answer its status and msg (the case's index names a failure). */
export async function expectRefusals(cases: Refusal[]): Promise<void> {
  for (const [index, [call, status, msg]] of cases.entries()) {
    const res = await call();
    expect([index, res.status, res.body.msg]).toEqual([index, status, msg]);
  }
}

/**
 * Every editor row of an account, to show that a refused request changed nothing. Times
 * included: a refusal must not even touch who changed what.
 */
export async function editorRows(t: () => TestApp, accountId: number): Promise<unknown> {
  const ds = t().dataSource;
  const [products, seqs, steps] = await Promise.all([
    ds.query('SELECT * FROM product WHERE account_id = $1 ORDER BY id', [accountId]),
    ds.query('SELECT * FROM seq WHERE account_id = $1 ORDER BY id', [accountId]),
    ds.query('SELECT * FROM step WHERE account_id = $1 ORDER BY id', [accountId]),
  ]);
  return { products, seqs, steps };
}

export async function seqVersion(t: () => TestApp, seqId: number): Promise<number> {
  const [row] = (await t().dataSource.query('SELECT version FROM seq WHERE id = $1', [seqId])) as {
    version: number;
  }[];
  return row!.version;
}

/**
 * A complete test of four steps: Insertion Loss Max and Gain Max, a Diff of the two and a
 * Rejection depending on the first, with the calibration CAL (domain step fixtures).
 */
export async function completeTest(api: EditorApi, seqId: number): Promise<Seq> {
  await ok(api.post(`/seq/cals/${seqId}`, { cals: [CAL] }));
  let seq: Seq | undefined;
  for (const actionId of [ActionId.Rejection, ActionId.Diff, ActionId.GainMax, ActionId.InsertionLossMax]) {
    seq = await addStep(api, seqId, actionId);
  }
  const [il, gain, diff, rejection] = seq!.steps.map((s) => s.id) as [number, number, number, number];
  await saveParam(api, il, completeParam(ActionId.InsertionLossMax));
  await saveParam(api, gain, completeParam(ActionId.GainMax));
  await saveParam(api, diff, { ...completeParam(ActionId.Diff), stepId1: il, stepId2: gain });
  return saveParam(api, rejection, { ...completeParam(ActionId.Rejection), bindStepId: il });
}
