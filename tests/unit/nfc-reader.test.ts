import { afterEach, describe, expect, it, vi } from 'vitest';
import { NfcReadError, nfcSupport, readCardSerial } from '@/lib/nfc/web-nfc';

/** A stand-in for Chrome's NDEFReader: the test hands it a card, a bad read, or a refusal of scan(). */
function fakeReader(scanError?: DOMException) {
  const readers: FakeReader[] = [];
  class FakeReader extends EventTarget {
    signal: AbortSignal | undefined;
    constructor() {
      super();
      readers.push(this);
    }
    scan(options?: { signal?: AbortSignal }): Promise<void> {
      this.signal = options?.signal;
      return scanError ? Promise.reject(scanError) : Promise.resolve();
    }
    card(serialNumber: string) {
      this.dispatchEvent(Object.assign(new Event('reading'), { serialNumber }));
    }
  }
  return { scope: { NDEFReader: FakeReader, isSecureContext: true }, readers };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('nfcSupport: whether a card can be read here', () => {
  it('needs HTTPS first, then Web NFC', () => {
    expect(nfcSupport({ isSecureContext: false, NDEFReader: fakeReader().scope.NDEFReader })).toBe('insecure');
    expect(nfcSupport({ isSecureContext: true })).toBe('unsupported');
    expect(nfcSupport(fakeReader().scope)).toBeNull();
  });
});

describe('readCardSerial', () => {
  it('gives the first card’s serial number and stops the scan', async () => {
    const { scope, readers } = fakeReader();
    const read = readCardSerial({ scope });
    await Promise.resolve();
    readers[0].card('04:a2:1b:3c');
    await expect(read).resolves.toBe('04:a2:1b:3c');
    expect(readers[0].signal?.aborted).toBe(true);
  });

  it('a bad read lets the scan go on; the next card is read', async () => {
    const { scope, readers } = fakeReader();
    const onReadingError = vi.fn();
    const read = readCardSerial({ scope, onReadingError });
    readers[0].dispatchEvent(new Event('readingerror'));
    expect(onReadingError).toHaveBeenCalledOnce();
    expect(readers[0].signal?.aborted).toBe(false);
    readers[0].card('04:5d:2a:9a:6c:48:80');
    await expect(read).resolves.toBe('04:5d:2a:9a:6c:48:80');
  });

  it('a card without a serial number is unreadable', async () => {
    const { scope, readers } = fakeReader();
    const read = readCardSerial({ scope });
    readers[0].card('');
    await expect(read).rejects.toMatchObject({ failure: 'unreadable' });
  });

  it('times out when no card comes, and stops the scan', async () => {
    vi.useFakeTimers();
    const { scope, readers } = fakeReader();
    const read = readCardSerial({ scope, timeoutMs: 30_000 });
    const settled = expect(read).rejects.toMatchObject({ failure: 'timeout' });
    vi.advanceTimersByTime(30_000);
    await settled;
    expect(readers[0].signal?.aborted).toBe(true);
  });

  it('the form closing (its signal aborted) stops the scan', async () => {
    const { scope, readers } = fakeReader();
    const form = new AbortController();
    const read = readCardSerial({ scope, signal: form.signal });
    form.abort();
    await expect(read).rejects.toMatchObject({ failure: 'aborted' });
    expect(readers[0].signal?.aborted).toBe(true);
    // A card after that changes nothing.
    readers[0].card('04:a2:1b:3c');
  });

  it('an aborted signal never starts a scan', async () => {
    const { scope, readers } = fakeReader();
    await expect(readCardSerial({ scope, signal: AbortSignal.abort() })).rejects.toMatchObject({ failure: 'aborted' });
    expect(readers).toHaveLength(0);
  });

  it.each([
    ['NotAllowedError', 'denied'],
    ['NotSupportedError', 'unsupported'],
    ['NotReadableError', 'unreadable'],
    ['AbortError', 'aborted'],
    ['UnknownError', 'other'],
  ])('scan() refused with %s is %s', async (name, failure) => {
    const { scope } = fakeReader(new DOMException('no', name));
    const error = await readCardSerial({ scope }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NfcReadError);
    expect((error as NfcReadError).failure).toBe(failure);
  });

  it('without Web NFC it refuses at once', async () => {
    await expect(readCardSerial({ scope: { isSecureContext: true } })).rejects.toMatchObject({ failure: 'unsupported' });
  });
});
