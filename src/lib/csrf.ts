import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE, decode } from '@contract/common';
import { CsrfResponse, sessionEndpoints } from '@contract/session';

/*
 * The anti-forgery token. The server writes it into <meta name="csrf-token"> of the page it
 * sends; a shell served from the service-worker cache carries a stale one, so the token can
 * always be refreshed from GET /site/csrf.
 */
let cached: string | null = null;
let inFlight: Promise<string> | null = null;

function metaElement(): HTMLMetaElement | null {
  return typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
}

export function getCsrfToken(): string | null {
  if (cached) return cached;
  const fromMeta = metaElement()?.content.trim();
  return fromMeta ? fromMeta : null;
}

export function setCsrfToken(token: string | null): void {
  cached = token;
  const meta = metaElement();
  if (meta) meta.content = token ?? '';
}

/** Fetches a fresh token; concurrent callers share one request. */
export function refreshCsrfToken(): Promise<string> {
  inFlight ??= (async () => {
    try {
      const response = await fetch(sessionEndpoints.csrf.path({}), {
        method: 'GET',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
      });
      if (!response.ok) throw new Error(`GET /site/csrf answered ${response.status}`);
      const { token } = decode(CsrfResponse, await response.json(), 'GET /site/csrf');
      setCsrfToken(token);
      return token;
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}
