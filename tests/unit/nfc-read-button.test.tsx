import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NfcReadButton } from '@/components/nfc-read-button/nfc-read-button';
import type { KeyKindName } from '@/lib/nfc/uid';

/* The «Считать карту» button against a stand-in NDEFReader: what the field gets, what it says, when it stops. */

const scans: { reader: EventTarget; signal: AbortSignal | undefined }[] = [];
let scanError: DOMException | null = null;

class FakeReader extends EventTarget {
  scan(options?: { signal?: AbortSignal }): Promise<void> {
    scans.push({ reader: this, signal: options?.signal });
    return scanError ? Promise.reject(scanError) : Promise.resolve();
  }
}

function holdCard(serialNumber: string) {
  act(() => {
    scans[scans.length - 1].reader.dispatchEvent(Object.assign(new Event('reading'), { serialNumber }));
  });
}

function Form({ kind, initial = '' }: { kind: KeyKindName | ''; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <input aria-label="Значение" value={value} onChange={(event) => setValue(event.target.value)} />
      <NfcReadButton kind={kind} value={value} onValue={setValue} />
    </>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Значение' }) as HTMLInputElement;
const button = (name = 'Считать карту') => screen.getByRole('button', { name }) as HTMLButtonElement;

beforeEach(() => {
  scans.length = 0;
  scanError = null;
  vi.stubGlobal('NDEFReader', FakeReader);
  vi.stubGlobal('isSecureContext', true);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('NfcReadButton', () => {
  it('reads a card into the field converted for the type, and again when the byte order changes', async () => {
    render(<Form kind="MIFARE" />);
    fireEvent.click(button());
    expect(await screen.findByText('Поднесите карту к задней стороне телефона…')).toBeTruthy();
    expect(button('Остановить чтение')).toBeTruthy();
    holdCard('04:a2:1b:3c');
    expect(await screen.findByText('Считана карта 04:A2:1B:3C (UID из 4 байт): 04A21B3C')).toBeTruthy();
    // The note and the field's value are two renders apart.
    await waitFor(() => expect(field().value).toBe('04A21B3C'));
    expect(scans[0].signal?.aborted).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Обратный порядок байтов' }));
    expect(field().value).toBe('3C1BA204');
    // Typed over: the button no longer replaces it.
    fireEvent.change(field(), { target: { value: '11223344' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Обратный порядок байтов' }));
    expect(field().value).toBe('11223344');
  });

  it('pads a short UID for a contact key type, and refuses a UID too long for it', async () => {
    const { rerender } = render(<Form kind="Metakom" />);
    fireEvent.click(button());
    await screen.findByText('Поднесите карту к задней стороне телефона…');
    holdCard('04:a2:1b:3c');
    expect(await screen.findByText('Считана карта 04:A2:1B:3C (UID из 4 байт), дополнена нулями для Metakom: 000004A21B3C')).toBeTruthy();
    await waitFor(() => expect(field().value).toBe('000004A21B3C'));

    // The type changed: the card read is converted again for it (RFID pads to 5 bytes).
    rerender(<Form kind="RFID" />);
    expect(field().value).toBe('0004A21B3C');
    fireEvent.click(button());
    await screen.findByText('Поднесите карту к задней стороне телефона…');
    holdCard('04:5d:2a:9a:6c:48:80');
    expect(await screen.findByText('UID карты 04:5D:2A:9A:6C:48:80 из 7 байт не подходит для RFID: нужно 5 или 6 байт.')).toBeTruthy();
    expect(field().value).toBe('0004A21B3C');
  });

  it('stops the scan when the form closes', async () => {
    const { unmount } = render(<Form kind="MIFARE" />);
    fireEvent.click(button());
    await screen.findByText('Поднесите карту к задней стороне телефона…');
    unmount();
    expect(scans[0].signal?.aborted).toBe(true);
  });

  it('stops on «Остановить чтение» and says nothing more', async () => {
    render(<Form kind="MIFARE" />);
    fireEvent.click(button());
    await screen.findByText('Поднесите карту к задней стороне телефона…');
    fireEvent.click(button('Остановить чтение'));
    await screen.findByRole('button', { name: 'Считать карту' });
    expect(scans[0].signal?.aborted).toBe(true);
    expect(screen.queryByText(/Поднесите карту|Карта не/)).toBeNull();
  });

  it('says when no card came in time', async () => {
    vi.useFakeTimers();
    render(<Form kind="MIFARE" />);
    fireEvent.click(button());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(screen.getByText('Карта не найдена за 30 с. Нажмите «Считать карту» ещё раз.')).toBeTruthy();
    expect(button().disabled).toBe(false);
  });

  it('a refused permission disables the button and says why', async () => {
    scanError = new DOMException('blocked', 'NotAllowedError');
    render(<Form kind="MIFARE" />);
    fireEvent.click(button());
    expect(await screen.findByText('Доступ к NFC запрещён в настройках сайта. Разрешите его или введите номер вручную.')).toBeTruthy();
    expect(button().disabled).toBe(true);
  });

  it('without Web NFC, or over plain http, the button is disabled with the reason and the field stays typed', () => {
    vi.stubGlobal('NDEFReader', undefined);
    const { unmount } = render(<Form kind="MIFARE" initial="04A21B3C" />);
    expect(button().disabled).toBe(true);
    expect(screen.getByText('Этот браузер не читает карты по NFC (нужен Chrome на Android с NFC). Введите номер вручную.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.change(field(), { target: { value: '0102030405' } });
    expect(field().value).toBe('0102030405');
    unmount();

    vi.stubGlobal('NDEFReader', FakeReader);
    vi.stubGlobal('isSecureContext', false);
    render(<Form kind="MIFARE" />);
    expect(button().disabled).toBe(true);
    expect(screen.getByText('Чтение карт работает только по HTTPS. Введите номер вручную.')).toBeTruthy();
  });

  it('asks for the key type first', () => {
    render(<Form kind="" />);
    expect(button().disabled).toBe(true);
    expect(screen.getByText('Сначала выберите тип ключа.')).toBeTruthy();
  });
});
