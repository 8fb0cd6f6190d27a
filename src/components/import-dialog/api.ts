import { CSRF_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE, decode } from '@contract/common';
import {
  IMPORT_PROBLEMS,
  IMPORT_PROBLEM_HEADER,
  ImportDryRunResponse,
  ImportFileResponse,
  ImportJobResponse,
  importEndpoints,
  importResultPath,
  type ImportKind,
  type ImportMapping,
  type ImportProblem,
} from '@contract/imports';
import { getCsrfToken, refreshCsrfToken } from '@/lib/csrf';
import { HttpError, NetworkError, buildQueryString, expectResult, request } from '@/lib/http';

/* The calls of docs/api.md "Import and export". */

/** A refused file: its problem's code (worded by the dialog in its language). */
export class ImportProblemError extends HttpError {
  readonly problem: ImportProblem;

  constructor(status: number, message: string, problem: ImportProblem) {
    super(status, message, null);
    this.problem = problem;
  }
}

async function failure(response: Response): Promise<HttpError> {
  const text = await response.text();
  let message = '';
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // Not JSON: a proxy's page; the status says enough.
  }
  const problem = response.headers.get(IMPORT_PROBLEM_HEADER);
  if (problem && (IMPORT_PROBLEMS as readonly string[]).includes(problem)) return new ImportProblemError(response.status, message, problem as ImportProblem);
  if (response.status === 413) return new ImportProblemError(413, message, 'too-large');
  return new HttpError(response.status, message || `HTTP ${response.status}`, text);
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { credentials: 'same-origin', ...init });
  } catch (error) {
    throw new NetworkError(error);
  }
}

/** Sends the file as the raw body; the server keeps it for the dry run and the apply. */
export async function uploadImportFile(kind: ImportKind, file: File) {
  const url = importEndpoints.upload.path({}) + buildQueryString({ kind, name: file.name });
  const headers = {
    Accept: 'application/json',
    'Content-Type': 'application/octet-stream',
    [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
    [CSRF_HEADER]: getCsrfToken() ?? (await refreshCsrfToken()),
  };
  const response = await send(url, { method: 'POST', headers, body: file });
  if (!response.ok) throw await failure(response);
  return expectResult(decode(ImportFileResponse, await response.json(), 'POST /front/imports/files')).data;
}

async function postJson(url: string, body: unknown): Promise<unknown> {
  const headers = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
    [CSRF_HEADER]: getCsrfToken() ?? (await refreshCsrfToken()),
  };
  const response = await send(url, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!response.ok) throw await failure(response);
  return response.json();
}

/** What an import writes to: a house's flats, or the keys of the user's devices. */
export type ImportTarget = { kind: 'flats'; house: string } | { kind: 'keys' };

const runPath = (target: ImportTarget, step: 'dryRun' | 'apply') =>
  target.kind === 'flats'
    ? (step === 'dryRun' ? importEndpoints.flatsDryRun : importEndpoints.flatsApply).path({ house: target.house })
    : (step === 'dryRun' ? importEndpoints.keysDryRun : importEndpoints.keysApply).path({});

export async function dryRunImport(target: ImportTarget, file: string, mapping: ImportMapping) {
  const answer = await postJson(runPath(target, 'dryRun'), { file, mapping });
  return expectResult(decode(ImportDryRunResponse, answer, 'POST dry-run')).data;
}

export async function applyImport(target: ImportTarget, file: string, mapping: ImportMapping) {
  const answer = await postJson(runPath(target, 'apply'), { file, mapping });
  return expectResult(decode(ImportJobResponse, answer, 'POST apply')).data;
}

export async function getImportJob(id: string, signal?: AbortSignal) {
  return expectResult(await request(importEndpoints.job, { params: { id }, signal })).data;
}

/** Fetches a CSV and hands it to the browser as a download. */
export async function downloadCsv(url: string, fallbackName: string): Promise<void> {
  const response = await send(url, { headers: { Accept: 'text/csv', [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE } });
  if (!response.ok) throw await failure(response);
  const name = /filename\*=UTF-8''([^;]+)/i.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = name ? decodeURIComponent(name) : fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

export const resultUrl = importResultPath;
