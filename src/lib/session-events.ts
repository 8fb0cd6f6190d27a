/**
 * The HTTP layer tells the app that the server no longer knows the session (a 401). The app
 * listens once (src/app) and sends the visitor to the login page; this keeps lib/http.ts free
 * of router and React imports.
 */
export type SessionEvent = { type: 'expired' };

const listeners = new Set<(event: SessionEvent) => void>();

export function onSessionEvent(listener: (event: SessionEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionEvent(event: SessionEvent): void {
  listeners.forEach((listener) => listener(event));
}
