import type { AccessLogEvent } from '../../contract/history';

/**
 * The message of one syslog datagram: RFC 5424 (`<PRI>1 TIMESTAMP HOST APP PROCID MSGID SD MSG`),
 * BSD (`<PRI>Mmm dd hh:mm:ss HOST TAG: MSG`) or a bare line; `\r\n` and a BOM are dropped.
 */
export function syslogMessage(datagram: string): string {
  let text = datagram.replace(/^\uFEFF/, '').replace(/[\r\n]+$/, '');
  const priority = /^<\d{1,3}>/.exec(text);
  if (priority) text = text.slice(priority[0].length);
  const rfc5424 = /^\d{1,2} \S+ \S+ \S+ \S+ \S+ (?:-|(?:\[(?:[^\]\\]|\\.)*\])+) ?(.*)$/s.exec(text);
  if (rfc5424) return rfc5424[1].replace(/^\uFEFF/, '');
  const bsd = /^[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \S+ (?:[^:\s[]+(?:\[\d+\])?: )?(.*)$/s.exec(text);
  if (bsd) return bsd[1];
  return text;
}

/** What one panel log line means for the history; null: nothing the history keeps. */
export type PanelLogEvent =
  | { kind: 'open'; eventType: AccessLogEvent; rfid?: string; openCode?: string; flatNum: number | null }
  | { kind: 'refused-key'; rfid: string }
  | { kind: 'call-start'; eventType: 'SIP_CALL' | 'HANDSET_CALL'; callId: string | null; flatNum: number | null }
  | { kind: 'call-answered'; callId: string | null; flatNum: number | null }
  | { kind: 'call-end'; callId: string | null; flatNum: number | null };

/** A key as the history keeps it: the first 6–14 hex digits the panel logged, padded to 14. */
const keyValue = (hex: string) => hex.toUpperCase().slice(0, 14).padStart(14, '0');
/** Apartment 0 is no flat (a key or code of the whole entrance). */
const flatOf = (text: string | undefined) => (text === undefined || Number(text) === 0 ? null : Number(text));

interface LineRule {
  pattern: RegExp;
  event: (match: RegExpExecArray, callId: string | null) => PanelLogEvent;
}

/** The lines of PANELS.md "Events the panels send", Beward's and IS's, matched case-insensitively anywhere in the message. */
const LINE_RULES: readonly LineRule[] = [
  { pattern: /opening door by external rfid ([0-9a-f]{6,14})(?:, apartment (\d+))?/i, event: (m) => ({ kind: 'open', eventType: 'OPEN_EXTERNAL', rfid: keyValue(m[1]), flatNum: flatOf(m[2]) }) },
  { pattern: /opening door by rfid ([0-9a-f]{6,14})(?:, apartment (\d+))?/i, event: (m) => ({ kind: 'open', eventType: 'OPEN_INTERNAL', rfid: keyValue(m[1]), flatNum: flatOf(m[2]) }) },
  { pattern: /main door .*uuid ([0-9a-f]{6,14})/i, event: (m) => ({ kind: 'open', eventType: 'OPEN_INTERNAL', rfid: keyValue(m[1]), flatNum: null }) },
  { pattern: /second door .*uuid ([0-9a-f]{6,14})/i, event: (m) => ({ kind: 'open', eventType: 'OPEN_EXTERNAL', rfid: keyValue(m[1]), flatNum: null }) },
  { pattern: /opening door by code (\d+)(?:, apartment (\d+))?/i, event: (m) => ({ kind: 'open', eventType: 'OPEN_CODE', openCode: m[1], flatNum: flatOf(m[2]) }) },
  { pattern: /opening door by dtmf command for apartment (\d+)/i, event: (m) => ({ kind: 'open', eventType: 'OPEN_SIP', flatNum: flatOf(m[1]) }) },
  { pattern: /open main door by dtmf/i, event: () => ({ kind: 'open', eventType: 'OPEN_SIP', flatNum: null }) },
  { pattern: /opening door by cms handset for apartment (\d+)/i, event: (m) => ({ kind: 'open', eventType: 'OPEN_HANDSET', flatNum: flatOf(m[1]) }) },
  { pattern: /(?:main|additional) door button press/i, event: () => ({ kind: 'open', eventType: 'BTN_UP', flatNum: null }) },
  { pattern: /rfid ([0-9a-f]{6,14}) is not present in database/i, event: (m) => ({ kind: 'refused-key', rfid: keyValue(m[1]) }) },
  { pattern: /calling sip:(\d+)@/i, event: (m, callId) => ({ kind: 'call-start', eventType: 'SIP_CALL', callId, flatNum: flatFromSipNumber(m[1]) }) },
  { pattern: /calling to (\d+) flat/i, event: (m, callId) => ({ kind: 'call-start', eventType: 'SIP_CALL', callId, flatNum: flatOf(m[1]) }) },
  { pattern: /cms handset call started for apartment (\d+)/i, event: (m, callId) => ({ kind: 'call-start', eventType: 'HANDSET_CALL', callId, flatNum: flatOf(m[1]) }) },
  { pattern: /sip talk started for apartment (\d+)/i, event: (m, callId) => ({ kind: 'call-answered', callId, flatNum: flatOf(m[1]) }) },
  { pattern: /sip call \d+ state changed to confirmed/i, event: (_m, callId) => ({ kind: 'call-answered', callId, flatNum: null }) },
  { pattern: /cms handset call done for apartment (\d+)/i, event: (m, callId) => ({ kind: 'call-end', callId, flatNum: flatOf(m[1]) }) },
  { pattern: /all calls are done(?: for apartment (\d+))?/i, event: (m, callId) => ({ kind: 'call-end', callId, flatNum: flatOf(m[1]) }) },
];

/**
 * The SIP number a panel dials is its own prefix followed by the flat, e.g. 1000000020 for flat 20
 * *(assumed: PANELS.md shows one such number)*: the digits after the last run of zeros.
 */
function flatFromSipNumber(number: string): number | null {
  const tail = /0+([1-9]\d{0,3})$/.exec(number);
  return tail ? Number(tail[1]) : null;
}

/** The meaning of one panel log message, or null when the history keeps nothing of it. */
export function panelLogEvent(message: string): PanelLogEvent | null {
  // Beward ties the lines of one call by the number in brackets: «[61255] SIP talk started …».
  const callId = /^\s*\[(\d+)\]/.exec(message)?.[1] ?? null;
  for (const rule of LINE_RULES) {
    const match = rule.pattern.exec(message);
    if (match) return rule.event(match, callId);
  }
  return null;
}
