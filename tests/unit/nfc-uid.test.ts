import { describe, expect, it } from 'vitest';
import { CARD_TYPES, KEY_TYPES, normalizeKeyValue } from '@contract/keys';
import { formatUid, padsUid, parseSerialNumber, serialToKeyValue, uidToKeyValue, valueBytes } from '@/lib/nfc/uid';

const bytes = (...values: number[]) => Uint8Array.from(values);
const UID4 = bytes(0x04, 0xa2, 0x1b, 0x3c);
const UID5 = bytes(0x12, 0x00, 0x7b, 0xb2, 0x6e);
const UID6 = bytes(0x01, 0x02, 0x03, 0x04, 0x05, 0x06);
const UID7 = bytes(0x04, 0x5d, 0x2a, 0x9a, 0x6c, 0x48, 0x80);
const UID10 = bytes(0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99);

describe('parseSerialNumber: Web NFC’s serialNumber as bytes', () => {
  it('reads colon-separated bytes as Chrome gives them, in any case', () => {
    expect(parseSerialNumber('04:a2:1b:3c')).toEqual(UID4);
    expect(parseSerialNumber('04:A2:1B:3C')).toEqual(UID4);
    expect(parseSerialNumber(' 04-a2-1b-3c ')).toEqual(UID4);
    expect(parseSerialNumber('04 a2 1b 3c')).toEqual(UID4);
    expect(parseSerialNumber('04a21b3c')).toEqual(UID4);
    expect(parseSerialNumber('04:5d:2a:9a:6c:48:80')).toEqual(UID7);
  });

  it('refuses what is not a UID: empty, odd digits, a byte of one digit, not hex, longer than 10 bytes', () => {
    for (const text of ['', '   ', '04a', '4:a2:1b:3c', '04:g2:1b:3c', '04::a2', '00:11:22:33:44:55:66:77:88:99:aa']) expect(parseSerialNumber(text), text).toBeNull();
  });

  it('writes a UID back the way Web NFC does, upper case', () => {
    expect(formatUid(UID4)).toBe('04:A2:1B:3C');
  });
});

describe('uidToKeyValue: MIFARE takes the UID as it is', () => {
  it('a 4-, 7- and 10-byte UID become 8, 14 and 20 hex digits', () => {
    expect(uidToKeyValue('MIFARE', UID4)).toEqual({ ok: true, value: '04A21B3C', padded: 0 });
    expect(uidToKeyValue('MIFARE', UID7)).toEqual({ ok: true, value: '045D2A9A6C4880', padded: 0 });
    expect(uidToKeyValue('MIFARE', UID10)).toEqual({ ok: true, value: '04112233445566778899', padded: 0 });
  });

  it('reversed: the bytes last first, for panels that store it so', () => {
    expect(uidToKeyValue('MIFARE', UID4, 'reversed')).toEqual({ ok: true, value: '3C1BA204', padded: 0 });
    expect(uidToKeyValue('MIFARE', UID7, 'reversed')).toEqual({ ok: true, value: '80486C9A2A5D04', padded: 0 });
  });

  it('pads nothing: a 5- or 6-byte id is refused with the lengths MIFARE takes', () => {
    expect(padsUid('MIFARE')).toBe(false);
    expect(uidToKeyValue('MIFARE', UID5)).toEqual({ ok: false, reason: 'length', bytes: 5, accepted: [4, 7, 10] });
    expect(uidToKeyValue('MIFARE', UID6)).toEqual({ ok: false, reason: 'length', bytes: 6, accepted: [4, 7, 10] });
  });
});

describe('uidToKeyValue: RFID (EM-Marine) takes 5 or 6 bytes', () => {
  it('a 5-byte EM-Marine id is its 10 digits; a 6-byte one its 12', () => {
    expect(uidToKeyValue('RFID', UID5)).toEqual({ ok: true, value: '12007BB26E', padded: 0 });
    expect(uidToKeyValue('RFID', UID6)).toEqual({ ok: true, value: '010203040506', padded: 0 });
  });

  it('a 4-byte UID is padded with one zero byte in front to 10 digits', () => {
    expect(uidToKeyValue('RFID', UID4)).toEqual({ ok: true, value: '0004A21B3C', padded: 1 });
    expect(uidToKeyValue('RFID', UID4, 'reversed')).toEqual({ ok: true, value: '003C1BA204', padded: 1 });
  });

  it('a 7-byte UID is refused, never cut', () => {
    expect(uidToKeyValue('RFID', UID7)).toEqual({ ok: false, reason: 'length', bytes: 7, accepted: [5, 6] });
  });
});

describe('uidToKeyValue: the contact key types take 6 bytes', () => {
  it.each(KEY_TYPES)('%s: a 4-, 5- or 6-byte UID padded in front to 12 digits; 7 bytes refused', (kind) => {
    expect(padsUid(kind)).toBe(true);
    expect(uidToKeyValue(kind, UID4)).toEqual({ ok: true, value: '000004A21B3C', padded: 2 });
    expect(uidToKeyValue(kind, UID5)).toEqual({ ok: true, value: '0012007BB26E', padded: 1 });
    expect(uidToKeyValue(kind, UID6)).toEqual({ ok: true, value: '010203040506', padded: 0 });
    expect(uidToKeyValue(kind, UID6, 'reversed')).toEqual({ ok: true, value: '060504030201', padded: 0 });
    expect(uidToKeyValue(kind, UID7)).toEqual({ ok: false, reason: 'length', bytes: 7, accepted: [6] });
  });
});

describe('every value made is one the server stores as it is', () => {
  const uids = [UID4, UID5, UID6, UID7, UID10, bytes(0xff), bytes(0, 0, 0, 0)];
  it.each([...KEY_TYPES, ...CARD_TYPES])('%s', (kind) => {
    for (const uid of uids) {
      for (const order of ['as-read', 'reversed'] as const) {
        const result = uidToKeyValue(kind, uid, order);
        if (result.ok) {
          expect(normalizeKeyValue(kind, result.value)).toBe(result.value);
          expect(result.value.length / 2 - result.padded).toBe(uid.length);
        } else {
          expect(result.accepted).toEqual(valueBytes(kind));
        }
      }
    }
  });

  it('an empty UID fits no type', () => {
    for (const kind of [...KEY_TYPES, ...CARD_TYPES]) expect(uidToKeyValue(kind, bytes()).ok).toBe(false);
  });
});

describe('serialToKeyValue: from the reading event straight to the field', () => {
  it('converts a serial number, and names one that is not a UID', () => {
    expect(serialToKeyValue('MIFARE', '04:a2:1b:3c')).toEqual({ ok: true, value: '04A21B3C', padded: 0 });
    expect(serialToKeyValue('Metakom', '04:a2:1b:3c', 'reversed')).toEqual({ ok: true, value: '00003C1BA204', padded: 2 });
    expect(serialToKeyValue('MIFARE', '')).toEqual({ ok: false, reason: 'unreadable' });
  });
});
