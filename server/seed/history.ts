import type { AccessLogEvent } from '../../contract/history';
import { SEED_BASE_DATE } from './context';
import { SNAPSHOT_JPEGS_BASE64 } from './history-images';
import type { HistoryProfile } from './sizes';
import { TODAY_SQL, literal, sqlRandom } from './sql-random';

const DAY_MS = 86_400_000;

/**
 * How often each kind happens at a real porch, in percent: keys most, then the exit button and the
 * residents' app; a failed key now and then.
 */
const KIND_WEIGHTS: readonly (readonly [AccessLogEvent, number])[] = [
  ['OPEN_EXTERNAL', 28],
  ['OPEN_INTERNAL', 6],
  ['BTN_UP', 14],
  ['OPEN_API', 11],
  ['HANDSET_CALL', 8],
  ['OPEN_HANDSET', 7],
  ['SIP_CALL', 6],
  ['OPEN_SIP', 5],
  ['OPEN_CODE', 7],
  ['RFID_FAILED', 5],
  ['OPEN_FACE_API', 3],
];

/** Kinds opened by a key, by a resident (app, SIP, face) and by a call to a flat. */
const KEY_KINDS = ['OPEN_EXTERNAL', 'OPEN_INTERNAL'];
const PERSON_KINDS = ['OPEN_API', 'OPEN_FACE_API', 'OPEN_SIP', 'SIP_CALL'];
const CALL_KINDS = ['HANDSET_CALL', 'OPEN_HANDSET'];

const inList = (kinds: readonly string[]) => kinds.map(literal).join(', ');

/** The kind of a draw in [0, 100), as one CASE over the cumulative weights (no lookup per row). */
function kindCase(draw: string): string {
  let upTo = 0;
  const total = KIND_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  const branches = KIND_WEIGHTS.map(([kind, weight]) => {
    upTo += weight;
    return `when ${draw} < ${(upTo / total).toFixed(4)} then ${literal(kind)}`;
  });
  return `case ${branches.join(' ')} end`;
}

/**
 * The moment the Node seed's events move to: the seed dates them before its fixed base date, and
 * the history is shown as the last weeks before today (as the SQL events are, TODAY_SQL).
 */
export function historyDate(seeded: Date, now: Date = new Date()): Date {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return new Date(seeded.getTime() - SEED_BASE_DATE.getTime() + today);
}

/**
 * The event history of every device with an address, in SQL over the tables already written
 * (devices, their houses, keys, residents, door codes): every access-log event kind over the profile's
 * days before today, a key event carrying one of the device's own key values and its flat, an app
 * or SIP event a resident of the device's house (user id, login, flat), a code event one of the
 * device's door codes; some devices with a camera keep four JPEG snapshots their events point at.
 * Rows go in device order without a sort, so one device's events sit together on disk.
 */
export function historyStatements(seed: number, profile: HistoryProfile): string[] {
  const { r, int } = sqlRandom(seed);
  const key = '(d.id::bigint * 1000 + g.n)';
  const [min, max] = profile.eventsPerDevice;
  const images = SNAPSHOT_JPEGS_BASE64.map(literal).join(', ');
  const snapshots = SNAPSHOT_JPEGS_BASE64.length;
  return [
    `create temp table seed_history_devices on commit drop as
     select d.id, d.buyer_id, 'camera' = any(d.capabilities) as camera, h.house_uid
     from devices d join (select device_id, min(house_uid) as house_uid from device_houses group by device_id) h on h.device_id = d.id
     where d.status_code <> 3`,
    `create temp table seed_history_keys on commit drop as
     select device_id, array_agg(value order by id) as vals, array_agg(flat_num order by id) as flats from keys where not rs group by device_id`,
    `create temp table seed_history_people on commit drop as
     select f.house_uid, array_agg(u.id order by u.id) as ids, array_agg(u.login order by u.id) as logins, array_agg(f.flat_num order by u.id) as flats
     from flat_users fu join flats f on f.id = fu.flat_id join users u on u.id = fu.user_id group by f.house_uid`,
    `create temp table seed_history_codes on commit drop as
     select device_id, array_agg(code order by id) as codes, array_agg(flat_num order by id) as flats from device_door_codes group by device_id`,
    `create temp table seed_history_flats on commit drop as select house_uid, max(flat_num) as top from flats group by house_uid`,
    `insert into event_images (device_id, content_type, body, created_at)
     select d.id, 'image/jpeg', decode((array[${images}])[1 + (d.id + s) % ${snapshots}], 'base64'), ${TODAY_SQL} - make_interval(days => ${profile.days})
     from seed_history_devices d cross join generate_series(0, ${snapshots - 1}) as s
     where d.camera and ${r('d.id', 601)} < ${profile.imageDeviceShare}
     order by d.id, s`,
    `create temp table seed_history_images on commit drop as
     select device_id, min(id) as first_id, count(*)::int as shots from event_images group by device_id`,
    // Everything an event draws from, one row a device: the events then join nothing.
    `create temp table seed_history_context on commit drop as
     select d.id, d.buyer_id, k.vals as key_values, k.flats as key_flats, p.ids as person_ids, p.logins as person_logins, p.flats as person_flats,
            c.codes, c.flats as code_flats, f.top as top_flat, i.first_id as first_image, i.shots
     from seed_history_devices d
     left join seed_history_keys k on k.device_id = d.id
     left join seed_history_people p on p.house_uid = d.house_uid
     left join seed_history_codes c on c.device_id = d.id
     left join seed_history_flats f on f.house_uid = d.house_uid
     left join seed_history_images i on i.device_id = d.id
     order by d.id`,
    `insert into device_history_events (device_id, buyer_id, event_date, event_type, identity, params, image_id, flat_num, user_id, login, rfid, open_code)
     select id, buyer_id, event_date, kind,
            case when kind in (${inList([...KEY_KINDS, 'RFID_FAILED'])}) then rfid when kind = 'OPEN_CODE' then open_code when kind in (${inList(PERSON_KINDS)}) then login end,
            case when kind = 'RFID_FAILED' then '{"reason":"unknown key"}'::jsonb
                 when kind in (${inList(['SIP_CALL', 'HANDSET_CALL'])}) then jsonb_build_object('durationSeconds', talk)
                 when kind = 'OPEN_FACE_API' then jsonb_build_object('confidence', round((0.8 + talk / 600.0)::numeric, 2))
                 else '{}'::jsonb end,
            image_id, flat_num, user_id, login, rfid, open_code
     from (
       select d.id, d.buyer_id, e.kind, x.talk,
              date_trunc('second', ${TODAY_SQL} - make_interval(secs => ${r(key, 610)} * ${profile.days * 86_400})) as event_date,
              case when e.kind in (${inList(KEY_KINDS)}) then coalesce(d.key_values[x.ki], upper(substr(md5('${seed}-event-key-' || ${key}), 1, 12)))
                   when e.kind = 'RFID_FAILED' then upper(substr(md5('${seed}-event-key-' || ${key}), 1, 12)) end as rfid,
              case when e.kind = 'OPEN_CODE' then coalesce(d.codes[x.ci], lpad(${int(key, 613, 0, 99999)}::text, 5, '0')) end as open_code,
              case when e.kind in (${inList(PERSON_KINDS)}) then d.person_ids[x.pi] end as user_id,
              case when e.kind in (${inList(PERSON_KINDS)}) then d.person_logins[x.pi] end as login,
              case when e.kind in (${inList(KEY_KINDS)}) then d.key_flats[x.ki]
                   when e.kind = 'OPEN_CODE' then d.code_flats[x.ci]
                   when e.kind in (${inList(PERSON_KINDS)}) then coalesce(d.person_flats[x.pi], x.flat)
                   when e.kind in (${inList(CALL_KINDS)}) then x.flat end as flat_num,
              case when d.first_image is not null and ${r(key, 614)} < ${profile.imageEventShare} then d.first_image + ${int(key, 615, 0, snapshots - 1)} % d.shots end as image_id
       from seed_history_context d
       cross join lateral generate_series(1, ${int('d.id', 600, min, max)}) as g(n)
       -- offset 0 keeps each lateral a row of its own: inlined, the kind's CASE (and its hash) would be computed at every use.
       cross join lateral (select ${kindCase(r(key, 611))} as kind offset 0) as e
       cross join lateral (
         select 1 + floor(${r(key, 612)} * coalesce(array_length(d.key_values, 1), 1))::int as ki,
                1 + floor(${r(key, 616)} * coalesce(array_length(d.person_ids, 1), 1))::int as pi,
                1 + floor(${r(key, 617)} * coalesce(array_length(d.codes, 1), 1))::int as ci,
                case when d.top_flat > 0 then 1 + floor(${r(key, 618)} * d.top_flat)::int end as flat,
                ${int(key, 619, 5, 120)} as talk
         offset 0
       ) as x
       offset 0
     ) as events`,
  ];
}
