/*
 * Web NFC (Chrome on Android) reduced to what the key forms need: can this page read a card, and
 * the UID of the next card held to the phone. lib.dom has no NDEFReader yet: the few members used
 * are declared here.
 */

interface NdefReadingEvent extends Event {
  serialNumber?: string;
}

interface NdefReaderLike extends EventTarget {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
}

type NdefReaderConstructor = new () => NdefReaderLike;

interface NfcGlobal {
  NDEFReader?: NdefReaderConstructor;
  isSecureContext?: boolean;
}

/** Why this page cannot read a card: not over HTTPS, no Web NFC (desktop, iOS, Firefox), or NFC blocked for the site. */
export type NfcUnavailable = 'insecure' | 'unsupported' | 'denied';

/** What the browser says without asking anything; null when a scan can be tried. */
export function nfcSupport(scope: NfcGlobal = globalThis as NfcGlobal): NfcUnavailable | null {
  if (scope.isSecureContext === false) return 'insecure';
  return typeof scope.NDEFReader === 'function' ? null : 'unsupported';
}

/** 'denied' when the site's NFC permission is blocked; browsers that cannot tell say 'prompt'. */
export async function nfcPermission(): Promise<PermissionState> {
  try {
    return (await navigator.permissions.query({ name: 'nfc' as PermissionName })).state;
  } catch {
    return 'prompt';
  }
}

export type NfcFailure = 'denied' | 'unsupported' | 'timeout' | 'aborted' | 'unreadable' | 'other';

export class NfcReadError extends Error {
  constructor(
    readonly failure: NfcFailure,
    message: string = failure,
  ) {
    super(message);
    this.name = 'NfcReadError';
  }
}

/** How long a scan waits for a card. */
export const NFC_SCAN_TIMEOUT_MS = 30_000;

export interface ReadCardOptions {
  /** Aborting it (the form closed) stops the scan. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** A card was there but could not be read: the scan goes on, the person may hold it again. */
  onReadingError?: () => void;
  scope?: NfcGlobal;
}

function failureOf(error: unknown): NfcReadError {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return new NfcReadError('denied');
  if (name === 'NotSupportedError') return new NfcReadError('unsupported');
  if (name === 'AbortError') return new NfcReadError('aborted');
  if (name === 'NotReadableError') return new NfcReadError('unreadable');
  return new NfcReadError('other', error instanceof Error ? error.message : String(error));
}

/**
 * The serial number (UID) of the first card read, as Web NFC gives it ("04:a2:1b:3c"). Rejects with
 * an NfcReadError: no permission, no NFC, no card within the timeout, aborted, or an empty UID.
 * The scan stops (its AbortController aborted) however it ends.
 */
export function readCardSerial(options: ReadCardOptions = {}): Promise<string> {
  const { signal, timeoutMs = NFC_SCAN_TIMEOUT_MS, onReadingError, scope = globalThis as NfcGlobal } = options;
  const Reader = scope.NDEFReader;
  if (nfcSupport(scope) !== null || !Reader) return Promise.reject(new NfcReadError('unsupported'));
  if (signal?.aborted) return Promise.reject(new NfcReadError('aborted'));
  const scan = new AbortController();
  return new Promise<string>((resolve, reject) => {
    let done = false;
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      reader.removeEventListener('reading', onReading);
      reader.removeEventListener('readingerror', onError);
      scan.abort();
      settle();
    };
    const onAbort = () => finish(() => reject(new NfcReadError('aborted')));
    const onReading = (event: Event) => {
      const serial = (event as NdefReadingEvent).serialNumber ?? '';
      finish(() => (serial.trim() === '' ? reject(new NfcReadError('unreadable')) : resolve(serial)));
    };
    const onError = () => onReadingError?.();
    const timer = setTimeout(() => finish(() => reject(new NfcReadError('timeout'))), timeoutMs);
    const reader = new Reader();
    reader.addEventListener('reading', onReading);
    reader.addEventListener('readingerror', onError);
    signal?.addEventListener('abort', onAbort);
    reader.scan({ signal: scan.signal }).catch((error: unknown) => finish(() => reject(failureOf(error))));
  });
}
