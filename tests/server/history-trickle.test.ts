import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startEventTrickle } from '../../server/gateways/device/event-trickle';
import { queryRows } from '../../server/db/client';
import { BACKENDS, useApp } from './helpers';

/** A fixed sequence of draws in [0, 1), repeated. */
function draws(values: readonly number[]): () => number {
  let index = 0;
  return () => values[index++ % values.length];
}

const silent = { warn: () => undefined };

interface Written extends Record<string, unknown> {
  eventType: string;
  ageMs: number;
  active: boolean;
  sameBuyer: boolean;
  rfid: string | null;
  keyOfDevice: boolean;
  openCode: string | null;
  codeOfDevice: boolean;
  userId: number | null;
  residentOfHouse: boolean;
  imageOfDevice: boolean | null;
}

describe.each(BACKENDS)('the simulator’s event trickle on %s', (backend) => {
  const app = useApp(backend);

  const written = (ids: readonly number[]) =>
    queryRows<Written>(
      app().database.drizzle,
      sql`select e.event_type as "eventType", extract(epoch from (now() - e.event_date)) * 1000 as "ageMs", d.status_code = 1 as active, e.buyer_id = d.buyer_id as "sameBuyer",
                 e.rfid, exists (select 1 from keys k where k.device_id = e.device_id and k.value = e.rfid) as "keyOfDevice",
                 e.open_code as "openCode", exists (select 1 from device_door_codes c where c.device_id = e.device_id and c.code = e.open_code) as "codeOfDevice",
                 e.user_id as "userId",
                 exists (select 1 from flat_users fu join flats f on f.id = fu.flat_id join device_houses dh on dh.house_uid = f.house_uid
                         where dh.device_id = e.device_id and fu.user_id = e.user_id and f.flat_num = e.flat_num) as "residentOfHouse",
                 case when e.image_id is null then null else exists (select 1 from event_images i where i.id = e.image_id and i.device_id = e.device_id) end as "imageOfDevice"
          from device_history_events e join devices d on d.id = e.device_id
          where e.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) order by e.id`,
    );

  it('writes each kind as an active device reports it now: its own key, its code, a resident of its house, a flat, an unknown key', async () => {
    // Kind draws 0.1 (key), 0.5 (app), 0.7 (code), 0.8 (handset), 0.95 (failed key); then device, key and image draws.
    const kinds = [0.1, 0.5, 0.7, 0.8, 0.95];
    const ids: number[] = [];
    for (const [index, kind] of kinds.entries()) {
      const trickle = startEventTrickle(app().database.drizzle, { perMinute: 0, random: draws([kind, 0.1 + index * 0.17, 0.42, index % 2 === 0 ? 0.1 : 0.9]) }, silent);
      const id = await trickle.tick();
      await trickle.stop();
      expect(id).not.toBeNull();
      ids.push(id ?? 0);
    }
    const rows = await written(ids);
    expect(rows.map((row) => row.eventType)).toEqual(['OPEN_EXTERNAL', 'OPEN_API', 'OPEN_CODE', 'OPEN_HANDSET', 'RFID_FAILED']);
    for (const row of rows) {
      expect(row).toMatchObject({ active: true, sameBuyer: true });
      expect(Number(row.ageMs)).toBeLessThan(60_000);
    }
    const [key, resident, code, handset, failed] = rows;
    expect(key).toMatchObject({ rfid: expect.stringMatching(/\S/), keyOfDevice: true });
    expect(resident).toMatchObject({ userId: expect.any(Number), residentOfHouse: true });
    expect(code).toMatchObject({ openCode: expect.stringMatching(/^\d+$/), codeOfDevice: true });
    expect(handset.rfid).toBeNull();
    expect(failed.rfid).toMatch(/^[0-9A-F]{12}$/);
    expect(failed.keyOfDevice).toBe(false);
    expect(rows.filter((row) => row.imageOfDevice !== null).every((row) => row.imageOfDevice)).toBe(true);
    expect(rows.some((row) => row.imageOfDevice === true)).toBe(true);
  });

  it('keeps writing at its pace until stopped, then writes nothing more', async () => {
    const count = async () => (await queryRows<{ n: number }>(app().database.drizzle, sql`select count(*)::int as n from device_history_events`))[0].n;
    const before = await count();
    const trickle = startEventTrickle(app().database.drizzle, { perMinute: 3000 }, silent);
    await expect.poll(count, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(before + 3);
    await trickle.stop();
    const after = await count();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await count()).toBe(after);
  });
});
