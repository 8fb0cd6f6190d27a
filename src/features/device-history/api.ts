import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@contract/common';
import { HISTORY_EXPORT_PATH, HISTORY_EXPORT_TRUNCATED_HEADER, historyEndpoints, type HistoryQuery } from '@contract/history';
import { t } from '@/i18n/i18n';
import { buildQueryString, expectResult, HttpError, NetworkError, request } from '@/lib/http';
import type { HistoryFilterQuery } from './model';

/* The calls of docs/api.md "History". */

export async function getHistory(query: HistoryQuery, signal?: AbortSignal) {
  return expectResult(await request(historyEndpoints.list, { query, signal }));
}

/** The CSV of the filtered events (the list's query without its page). */
export function historyExportUrl(query: HistoryFilterQuery): string {
  return HISTORY_EXPORT_PATH + buildQueryString(query);
}

export interface HistoryExport {
  file: Blob;
  /** The name the server gave the file (Content-Disposition), null when it gave none. */
  fileName: string | null;
  /** The server stopped at its row limit. */
  cut: boolean;
}

/** Fetches the export (the session cookie goes along); a refusal throws with the server's words. */
export async function downloadHistoryExport(query: HistoryFilterQuery, signal?: AbortSignal): Promise<HistoryExport> {
  let response: Response;
  try {
    response = await fetch(historyExportUrl(query), {
      credentials: 'same-origin',
      headers: { Accept: 'text/csv', [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: a proxy's page; the status says enough.
    }
    const message = typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : '';
    throw new HttpError(response.status, message || `${t('common.requestFailed')} (HTTP ${response.status})`, body);
  }
  const cut = /^(1|true|yes)$/i.test(response.headers.get(HISTORY_EXPORT_TRUNCATED_HEADER)?.trim() ?? '');
  const fileName = /filename="?([^";]+)"?/i.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? null;
  return { file: await response.blob(), fileName, cut };
}
