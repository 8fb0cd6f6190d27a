import { FLAT_STATUS } from '../../contract/flats';
import { BASE_DATE_SQL, TODAY_SQL, jsonLiteral, sipDomainSql, sipPortSql, sqlRandom } from './sql-random';

/** Why a flat was blocked, as operators write it. */
export const BLOCK_REASONS = ['Задолженность по оплате', 'Заявка жильца', 'Решение управляющей компании', 'Утеря ключа'] as const;
/** Flat permissions the card lists (Flat.permissions: permissionName, access, reason, comment). */
export const FLAT_PERMISSION_NAMES = ['CALL_TO_APP', 'OPEN_FROM_APP', 'VIDEO_ARCHIVE', 'FACE_ID'] as const;
/** How many flats of buyer 1 (the demo operator's) show every section of the flat card at once. */
export const SHOWCASE_FLATS = 6;

const BLOCKED = FLAT_STATUS.blocked;

/** The operator's block of a flat in force: a 'manual' history row (no device) for each blocked flat. */
export function blockHistoryOfBlockedFlats(): string {
  return `insert into flat_block_history (flat_id, kind, mac, blocked, reason, date, block_cms, login, user_id)
          select f.id, 'manual', null, true, f.block_reason, f.blocked_at, null, f.blocked_by, case when f.blocked_by = 'operator' then 2 end
          from flats f where f.status = ${BLOCKED} order by f.id`;
}

/**
 * The small and demo sizes, after Node wrote their rows: what a flat card shows beyond residents,
 * keys and devices. Blocked flats get since when, by whom and why, with their history (some with
 * an earlier block lifted); a few active flats were blocked once; temporary codes and block
 * schedules are dated from today (live); some flats carry permissions. Then the last
 * SHOWCASE_FLATS flats of buyer 1 with a resident on a SIP account and an analogue main panel get
 * every section at once: keys on that panel, a live code (one expired), a block with history, a
 * CMS block with its row, a schedule ahead, services and permissions.
 */
export function flatExtrasStatements(seed: number): string[] {
  const { r, int, daysAgo } = sqlRandom(seed);
  const reasons = jsonLiteral(BLOCK_REASONS);
  const reason = (key: string, salt: number) => `(${reasons} ->> ${int(key, salt, 0, BLOCK_REASONS.length - 1)})`;
  const permissions = jsonLiteral(FLAT_PERMISSION_NAMES);
  // The seed's dates are from its base date; live state moves by the same span to today.
  const shift = `(${TODAY_SQL} - ${BASE_DATE_SQL})`;
  return [
    `update flats set blocked_at = ${daysAgo('id', 201, 120, 1)}, blocked_by = case when ${r('id', 202)} < 0.7 then 'operator' end, block_reason = ${reason('id', 203)}
     where status = ${BLOCKED}`,
    blockHistoryOfBlockedFlats(),
    // An earlier block, lifted: half the blocked flats and 3 % of the others.
    `insert into flat_block_history (flat_id, kind, mac, blocked, reason, date, block_cms, login, user_id)
     select f.id, 'manual', null, b.blocked, case when b.blocked then ${reason('f.id', 205)} else 'Оплачено' end,
            ${daysAgo('f.id', 206, 400, 200)} + case when b.blocked then interval '0' else interval '12 days' end, null, 'operator', 2
     from flats f cross join (values (true), (false)) as b(blocked)
     where ${r('f.id', 204)} < case when f.status = ${BLOCKED} then 0.5 else 0.03 end
     order by f.id, b.blocked desc`,
    `update temporary_codes set created = created + ${shift}`,
    `update flat_block_schedules set run_at = run_at + ${shift}`,
    `insert into flat_permissions (flat_id, permission_name, access, comment, reason)
     select f.id, ${permissions} ->> p, ${r('f.id * 8 + p', 211)} < 0.7, case when ${r('f.id * 8 + p', 212)} < 0.3 then 'По заявлению жильца' end,
            case when ${r('f.id * 8 + p', 213)} < 0.5 then ${int('f.id * 8 + p', 214, 1, 5)} end
     from flats f cross join generate_series(0, ${FLAT_PERMISSION_NAMES.length - 1}) as p
     where ${r('f.id', 210)} < 0.05 and ${r('f.id * 8 + p', 215)} < 0.6
     order by f.id, p`,

    // The showcase flats, numbered 1… in the order picked: flats of buyer 1 on an analogue panel
    // that works, those with a resident on SIP first (the rest get one).
    `create temp table seed_showcase on commit drop as
     select row_number() over (order by picked.sip desc, picked.resident desc, picked.flat_id desc)::int as n, picked.*
     from (
       select f.id as flat_id, f.flat_num, f.house_uid, f.buyer_id, fe.entrance_uid, panel.id as device_id, panel.mac,
              exists (select 1 from flat_users fu join sip_accounts s on s.user_id = fu.user_id where fu.flat_id = f.id) as sip,
              exists (select 1 from flat_users fu where fu.flat_id = f.id) as resident
       from flats f
       join flat_entrances fe on fe.flat_id = f.id
       cross join lateral (
         select d.id, d.mac from device_relays r join devices d on d.id = r.device_id
         where r.entrance_uid = fe.entrance_uid and d.status_code = 1 and 'levels' = any(d.capabilities)
         order by d.options->>'devicePurpose' = '1' desc, d.id limit 1
       ) as panel
       where f.buyer_id = 1
     ) as picked
     order by n limit ${SHOWCASE_FLATS}`,
    `insert into users (login, password_hash, buyer_id, comment, date_created, dont_unlink_from_flats, new_roles)
     select '78' || lpad(flat_id::text, 9, '0'), null, buyer_id, null, ${BASE_DATE_SQL} - make_interval(days => 100 + n), false, '{}'
     from seed_showcase where not sip order by n`,
    `insert into flat_users (flat_id, user_id)
     select s.flat_id, u.id from seed_showcase s join users u on u.login = '78' || lpad(s.flat_id::text, 9, '0') where not s.sip order by s.n`,
    `insert into sip_accounts (id, login, password, domain, port, type, flat_num, house_uid, user_id, buyer_id)
     select id, (1000000 + id)::text, substr(md5('${seed}-showcase-sip-' || user_id), 1, 12), ${sipDomainSql('buyer_id')}, ${sipPortSql('buyer_id')}, 'udp', flat_num, house_uid, user_id, buyer_id
     from (
       select nextval(pg_get_serial_sequence('sip_accounts', 'id')) as id, u.id as user_id, s.flat_num, s.house_uid, s.buyer_id
       from seed_showcase s join users u on u.login = '78' || lpad(s.flat_id::text, 9, '0') where not s.sip order by s.n
     ) as made`,
    `insert into keys (device_id, buyer_id, flat_id, flat_num, value, key_type, is_security, authentic, "inner", blocked, user_login, created_at)
     select s.device_id, s.buyer_id, s.flat_id, s.flat_num, upper(substr(md5('${seed}-showcase-key-' || s.flat_id || '-' || k), 1, case when k = 2 then 14 else 12 end)),
            (array['Metakom', 'MIFARE', 'Cyfral'])[k], false, true, false, k = 3, 'operator', ${daysAgo('s.flat_id * 4 + k', 221, 300, 10)}
     from seed_showcase s cross join generate_series(1, 3) as k
     order by s.n, k
     on conflict do nothing`,
    `insert into temporary_codes (flat_id, temp_code, created, duration, entrances)
     select flat_id, lpad(${int('flat_id', 231, 0, 999999)}::text, 6, '0'),
            case when n = 4 then ${BASE_DATE_SQL} - interval '30 days' else ${TODAY_SQL} - interval '2 hours' end,
            case when n = 4 then 3600 else 604800 end, array[entrance_uid]
     from seed_showcase where n <= 4 order by n
     on conflict (flat_id) do update set created = excluded.created, duration = excluded.duration, entrances = excluded.entrances`,
    `update flats f set status = ${BLOCKED}, blocked_at = ${BASE_DATE_SQL} - make_interval(days => s.n * 3), blocked_by = 'operator', block_reason = ${reason('s.flat_id', 241)}
     from seed_showcase s where s.flat_id = f.id and s.n in (1, 3, 5) and f.status <> ${BLOCKED}`,
    `insert into flat_block_history (flat_id, kind, mac, blocked, reason, date, block_cms, login, user_id)
     select f.id, 'manual', null, b.blocked, case when b.blocked then ${reason('f.id', 242)} else 'Оплачено' end,
            ${BASE_DATE_SQL} - make_interval(days => 90 + s.n * 7) + case when b.blocked then interval '0' else interval '20 days' end, null, 'operator', 2
     from seed_showcase s join flats f on f.id = s.flat_id cross join (values (true), (false)) as b(blocked)
     order by s.n, b.blocked desc`,
    `insert into flat_block_history (flat_id, kind, mac, blocked, reason, date, block_cms, login, user_id)
     select f.id, 'manual', null, true, f.block_reason, f.blocked_at, null, f.blocked_by, 2
     from seed_showcase s join flats f on f.id = s.flat_id
     where s.n in (1, 3, 5) and not exists (select 1 from flat_block_history h where h.flat_id = f.id and h.kind = 'manual' and h.date = f.blocked_at)
     order by s.n`,
    `insert into flat_device_settings (flat_id, device_id, block_cms, panel_code, door_code)
     select flat_id, device_id, true, flat_num, lpad(${int('flat_id', 251, 0, 9999)}::text, 4, '0') from seed_showcase where n <= 2 order by n
     on conflict (flat_id, device_id) do update set block_cms = true`,
    `insert into flat_block_history (flat_id, kind, mac, blocked, reason, date, block_cms, login, user_id)
     select flat_id, 'cms', mac, true, null, ${BASE_DATE_SQL} - make_interval(days => n * 5), true, 'operator', 2 from seed_showcase where n <= 2 order by n`,
    `insert into flat_block_schedules (flat_id, device_id, run_at, block_cms)
     select flat_id, device_id, ${TODAY_SQL} + make_interval(days => 3 + n), n = 4 from seed_showcase where n in (1, 4) order by n`,
    `insert into flat_access_services (flat_id, service_id, reason_id, action_id, access, source)
     select s.flat_id, service, 1 + (s.n + service) % 5, 1 + (s.n + service) % 3, service <> 3, (array['operator', 'billing', 'mobile'])[1 + (s.n + service) % 3]
     from seed_showcase s cross join (values (1), (2), (3)) as services(service)
     order by s.n, service
     on conflict (flat_id, service_id) do nothing`,
    `insert into flat_permissions (flat_id, permission_name, access, comment, reason)
     select s.flat_id, ${permissions} ->> p, p <> 2, case when p = 2 then 'Отключено по заявлению' end, case when p = 2 then 2 end
     from seed_showcase s cross join generate_series(0, ${FLAT_PERMISSION_NAMES.length - 1}) as p
     order by s.n, p
     on conflict (flat_id, permission_name) do nothing`,
  ];
}
