import { createSocket } from 'node:dgram';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryResponse, historyEndpoints } from '../../contract/history';
import { queryRows } from '../../server/db/client';
import { panelLogEvent, syslogMessage } from '../../server/syslog/panel-log-lines';
import { SyslogReceiver } from '../../server/syslog/syslog-receiver';
import { useFlatSetup } from './flat-fixtures';
import { BACKENDS, expectShape } from './helpers';
import { guardLoopback, outsideAttempts } from './loopback-guard';

guardLoopback();

describe('panel log lines (PANELS.md "Events the panels send")', () => {
  it('takes the message out of RFC 5424, BSD and bare syslog lines, with \\r\\n and a BOM', () => {
    expect(syslogMessage('<134>1 2026-12-02T10:00:00.000Z 10.0.0.5 beward - - - Main door button pressed!\r\n')).toBe('Main door button pressed!');
    expect(syslogMessage('<134>1 2026-12-02T10:00:00Z host app 12 ID47 [exampleSDID@32473 iut="3"] \uFEFFOpening door by code 12345, apartment 12')).toBe('Opening door by code 12345, apartment 12');
    expect(syslogMessage('<30>Dec  2 10:00:00 panel intercom[312]: Opening door by RFID 00000075BC01AD, apartment 0')).toBe('Opening door by RFID 00000075BC01AD, apartment 0');
    expect(syslogMessage('All calls are done\n')).toBe('All calls are done');
  });

  it('turns each known line into its event, keys padded to 14 digits, apartment 0 as no flat', () => {
    expect(panelLogEvent('Opening door by RFID 00000075BC01AD, apartment 0')).toEqual({ kind: 'open', eventType: 'OPEN_INTERNAL', rfid: '00000075BC01AD', flatNum: null });
    expect(panelLogEvent('Opening door by external RFID 75bc01ad, apartment 7')).toEqual({ kind: 'open', eventType: 'OPEN_EXTERNAL', rfid: '00000075BC01AD', flatNum: 7 });
    expect(panelLogEvent('Main door opened by key UUID 0000003375A686')).toMatchObject({ eventType: 'OPEN_INTERNAL', rfid: '0000003375A686' });
    expect(panelLogEvent('Opening door by code 77777, apartment 12')).toEqual({ kind: 'open', eventType: 'OPEN_CODE', openCode: '77777', flatNum: 12 });
    expect(panelLogEvent('Opening door by DTMF command for apartment 1')).toMatchObject({ eventType: 'OPEN_SIP', flatNum: 1 });
    expect(panelLogEvent('Open main door by DTMF')).toMatchObject({ eventType: 'OPEN_SIP', flatNum: null });
    expect(panelLogEvent('Opening door by CMS handset for apartment 12')).toMatchObject({ eventType: 'OPEN_HANDSET', flatNum: 12 });
    expect(panelLogEvent('Additional door button pressed!')).toMatchObject({ eventType: 'BTN_UP' });
    expect(panelLogEvent('Main door button press')).toMatchObject({ eventType: 'BTN_UP' });
    expect(panelLogEvent('RFID 00000033753EFB is not present in database')).toEqual({ kind: 'refused-key', rfid: '00000033753EFB' });
    expect(panelLogEvent('[61255] Calling sip:1000000020@10.0.0.1:5060 through account 0(0)')).toEqual({ kind: 'call-start', eventType: 'SIP_CALL', callId: '61255', flatNum: 20 });
    expect(panelLogEvent('[61255] SIP call 4 state changed to CONFIRMED')).toEqual({ kind: 'call-answered', callId: '61255', flatNum: null });
    expect(panelLogEvent('[61255] All calls are done for apartment 1')).toEqual({ kind: 'call-end', callId: '61255', flatNum: 1 });
    expect(panelLogEvent('Calling to 12 flat...')).toMatchObject({ kind: 'call-start', callId: null, flatNum: 12 });
    expect(panelLogEvent('SS_MAINAPI_ReportAlarmHappen(0, 2)')).toBeNull();
    expect(panelLogEvent('Got invalid code 44444 from MC')).toBeNull();
  });
});

describe.each(BACKENDS)('the syslog receiver on %s', (backend) => {
  const { app, fx, operator } = useFlatSetup(backend, 0x5d, { deviceSync: { enabled: false } });
  let receiver: SyslogReceiver;
  let port: number;
  const warnings: object[] = [];

  /** Sends lines as a panel at `from` (a 127.x address: the receiver knows the panel by it). */
  const send = async (from: string, lines: readonly string[]) => {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, from, () => resolve()));
    for (const line of lines) await new Promise<void>((resolve, reject) => socket.send(line, port, '127.0.0.1', (error) => (error ? reject(error) : resolve())));
    await new Promise<void>((resolve) => socket.close(() => resolve()));
  };
  /** Waits until the receiver has had `count` datagrams, then writes its batch. */
  const settle = async (count: number) => {
    await expect.poll(() => receiver.stats.received, { timeout: 5_000 }).toBe(count);
    await receiver.flush();
  };
  const history = async (mac: string) => {
    const [device] = await queryRows<{ id: number }>(app().database.drizzle, sql`select id from devices where mac = ${mac}`);
    const response = await operator().get(`${historyEndpoints.device.path({ id: String(device.id) })}?page=0`);
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(HistoryResponse, response.json()).data;
  };

  beforeAll(async () => {
    await queryRows(app().database.drizzle, sql`update devices set options = options || '{"url": "http://127.0.0.2"}'::jsonb where mac = ${fx().bewardMac}`);
    await queryRows(app().database.drizzle, sql`update devices set options = options || '{"url": "127.0.0.4:8080"}'::jsonb where mac = ${fx().iscomMac}`);
    receiver = new SyslogReceiver(app().database.drizzle, { port: 0, flushMs: 60_000, missRereadMs: 0 }, { warn: (object) => warnings.push(object) });
    port = await receiver.start();
  });
  afterAll(async () => {
    await receiver?.stop();
  });

  it('writes a Beward panel’s door openings and a call round as its history, known by the packet’s source address', async () => {
    await send('127.0.0.2', [
      '<134>1 2026-12-02T10:00:00Z 127.0.0.2 beward - - - Opening door by RFID 00000075BC01AD, apartment 0',
      '<134>Dec  2 10:00:01 beward intercom: Opening door by code 12345, apartment 12',
      'Main door button pressed!',
      '[61255] Calling sip:1000000020@10.0.0.1:5060 through account 0(0)',
      '[61255] SIP call 4 state changed to CONFIRMED',
      '[61255] SIP talk started for apartment 20',
      'Opening door by DTMF command for apartment 20',
      '[61255] All calls are done for apartment 20',
      'SS_MAINAPI_ReportAlarmHappen(0, 2)',
    ]);
    await settle(9);
    const events = await history(fx().bewardMac);
    const byType = new Map(events.map((event) => [event.eventType, event]));
    expect([...byType.keys()].sort()).toEqual(['BTN_UP', 'OPEN_CODE', 'OPEN_INTERNAL', 'OPEN_SIP', 'SIP_CALL']);
    expect(byType.get('OPEN_INTERNAL')).toMatchObject({ identity: '00000075BC01AD', rfid: '00000075BC01AD', flatNum: null });
    expect(byType.get('OPEN_CODE')).toMatchObject({ identity: '12345', openCode: '12345', flatNum: 12 });
    // The call's five lines are one call event: answered, for flat 20.
    expect(byType.get('SIP_CALL')).toMatchObject({ flatNum: 20, params: { callId: '61255', answered: true } });
    expect(receiver.stats).toMatchObject({ received: 9, stored: 5, unknownSources: 0, failed: 0 });
    expect(receiver.stats.unknownLines).toBe(1);
  });

  it('knows an IS panel by a URL without a scheme, ties its call lines without a call id, and keeps a refused key', async () => {
    const before = receiver.stats.received;
    await send('127.0.0.4', ['Calling to 12 flat...', 'CMS handset call started for apartment 12', 'CMS handset call done for apartment 12, handset is down', 'All calls are done', 'RFID 00000033753EFB is not present in database']);
    await settle(before + 5);
    const events = await history(fx().iscomMac);
    expect(events.filter((event) => event.eventType === 'SIP_CALL')).toHaveLength(1);
    expect(events.find((event) => event.eventType === 'SIP_CALL')).toMatchObject({ flatNum: 12, params: { answered: false } });
    expect(events.find((event) => event.eventType === 'RFID_FAILED')).toMatchObject({ rfid: '00000033753EFB' });
  });

  it('keeps the first line of a panel set up after the receiver last read the devices', async () => {
    const before = { ...receiver.stats };
    await queryRows(app().database.drizzle, sql`update devices set options = options || '{"url": "http://127.0.0.6"}'::jsonb where mac = ${fx().gateMac}`);
    await send('127.0.0.6', ['Opening door by RFID 00000075BC0106, apartment 0']);
    await expect.poll(() => receiver.stats.received, { timeout: 5_000 }).toBe(before.received + 1);
    await expect.poll(() => receiver.stats.unknownSources, { timeout: 5_000 }).toBe(before.unknownSources);
    await expect.poll(async () => (await receiver.flush(), (await history(fx().gateMac)).map((event) => event.rfid)), { timeout: 5_000 }).toContain('00000075BC0106');
  });

  it('drops and counts a flood from an address no device has, and stores nothing of it', async () => {
    const before = { ...receiver.stats };
    await send('127.0.0.3', Array.from({ length: 200 }, (_, index) => `Opening door by code ${10_000 + index}, apartment 1`));
    await settle(before.received + 200);
    // A miss reads the device map again before the line is dropped, so the count may come a little later.
    await expect.poll(() => receiver.stats.unknownSources - before.unknownSources, { timeout: 5_000 }).toBe(200);
    expect(receiver.stats.stored).toBe(before.stored);
    expect(outsideAttempts).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
