import { sql, type SQL } from 'drizzle-orm';

// The parts of the flat card as JSON built by PostgreSQL, each a correlated subquery on a `flats`
// row aliased `f`. The card selects them all with the flat itself: one statement, one round trip,
// each part an index lookup by the flat's id (or house and number). The smaller calls select one
// part, so every shape is written once.

/** A timestamp as the contract's ISO text (`2024-06-03T17:42:10.000Z`). */
function iso(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** `jsonb_agg(…)` of a subquery, `[]` without rows. */
function list(item: string, rest: string): string {
  return `coalesce((select jsonb_agg(${item}) ${rest}), '[]'::jsonb)`;
}

/** FlatUser[]: the residents with their SIP accounts of this flat; the password is never sent. */
export const USERS = list(
  `jsonb_build_object('id', u.id, 'buyerId', u.buyer_id, 'login', u.login, 'password', '', 'accounts', ${list(
    `jsonb_build_object('id', s.id, 'login', s.login, 'password', s.password, 'domain', s.domain, 'port', s.port) order by s.id`,
    'from sip_accounts s where s.house_uid = f.house_uid and s.flat_num = f.flat_num and s.user_id = u.id',
  )}) order by u.login, u.id`,
  'from flat_users fu join users u on u.id = fu.user_id where fu.flat_id = f.id',
);

/** Key record on a flat: every field text, flags '0' / '1'. */
export const KEYS = list(
  `jsonb_build_object('AUTHENTIC', k.authentic::int::text, 'BUYER_ID', k.buyer_id::text, 'CIPHER_ID', k.cipher_id::text,
    'DEVICE_ID', k.device_id::text, 'FLAT_ID', k.flat_id::text, 'FLAT_NUM', k.flat_num::text, 'KEY_ID', k.id::text,
    'VALUE', k.value, 'mac', d.mac, 'INC_VALUE', k.inc_value, 'BLOCKED', k.blocked::int::text) order by d.mac, k.value`,
  'from keys k join devices d on d.id = k.device_id where k.flat_id = f.id',
);

export const ABONENT_UNITS = list(
  `jsonb_build_object('id', a.id, 'mac', d.mac, 'options', a.options, 'panelCode', a.panel_code, 'type', a.type,
    'lineLevel', case when a.line_level is null then null
      else jsonb_build_object('lastChange', ${iso('a.line_level_changed_at')}, 'level', a.line_level) end) order by d.mac, a.panel_code`,
  'from abonent_units a join devices d on d.id = a.device_id where a.flat_id = f.id',
);

export const PERMISSIONS = list(
  `jsonb_build_object('access', p.access, 'comment', p.comment, 'flatId', p.flat_id, 'permissionName', p.permission_name, 'reason', p.reason)
    order by p.permission_name`,
  'from flat_permissions p where p.flat_id = f.id',
);

/** AccessServiceEntry[]; a reason or action deleted from the catalogue reads as id 0. */
export const ACCESS_SERVICES = list(
  `jsonb_build_object('service', jsonb_build_object('id', c.id, 'name', c.name, 'description', c.description), 'entityId', x.flat_id,
    'reason', jsonb_build_object('id', coalesce(x.reason_id, 0)), 'action', jsonb_build_object('id', coalesce(x.action_id, 0)),
    'access', x.access, 'source', x.source) order by x.service_id`,
  'from flat_access_services x join access_services c on c.id = x.service_id where x.flat_id = f.id',
);

/** TemporaryCode or null. */
export const TEMPORARY_CODE = `(select jsonb_build_object('flatId', t.flat_id, 'tempCode', t.temp_code, 'created', ${iso('t.created')},
  'duration', t.duration, 'entrances', to_jsonb(t.entrances)) from temporary_codes t where t.flat_id = f.id)`;

/** The flat's entrance uids. */
export const ENTRANCE_UIDS = list('fe.entrance_uid order by fe.entrance_uid', 'from flat_entrances fe where fe.flat_id = f.id');

/** Entrance[] of the flat, with range, gates and relays, by number. */
export const ENTRANCES = list(
  `jsonb_build_object('id', e.uid, 'buyerId', e.buyer_id, 'entranceNum', e.entrance_num, 'houseUid', e.house_uid, 'title', e.title,
    'type', e.type, 'range', jsonb_build_object('start', coalesce(r.range_start, 0), 'end', coalesce(r.range_end, 0)),
    'gates', ${list(
      `jsonb_build_object('entranceUid', g.entrance_uid, 'from', g.flat_from, 'to', g.flat_to, 'prefix', g.prefix, 'additionalFlats', g.additional_flats) order by g.id`,
      'from entrance_gates g where g.gate_entrance_uid = e.uid',
    )},
    'relays', ${list(
      `jsonb_build_object('entrance', dr.entrance_uid, 'id', dr.relay_num, 'mac', rd.mac, 'statusCode', dr.status_code) order by rd.mac, dr.relay_num`,
      'from device_relays dr join devices rd on rd.id = dr.device_id where dr.entrance_uid = e.uid',
    )}) order by e.entrance_num, e.type, e.uid`,
  'from flat_entrances fe join entrances e on e.uid = fe.entrance_uid left join entrance_ranges r on r.entrance_uid = e.uid where fe.flat_id = f.id',
);

/**
 * The devices whose relay opens one of the flat's entrances or a gate (type 2 / 4) serving one of
 * them, with the flat's stored settings (`settings`: the flat_device_settings row) and the panel
 * code of its handset there (`unitCode`).
 */
export const DEVICES = list(
  `jsonb_build_object('id', d.id, 'mac', d.mac, 'type', d.type, 'statusCode', d.status_code, 'buyerId', d.buyer_id,
    'capabilities', to_jsonb(d.capabilities), 'options', d.options, 'isGate', served.is_gate, 'settings', to_jsonb(st),
    'unitCode', (select a.panel_code from abonent_units a where a.device_id = d.id and a.flat_id = f.id order by a.panel_code limit 1))
    order by d.mac`,
  `from (
      select dr.device_id, bool_and(reach.gate) as is_gate
      from (
        select fe.entrance_uid as uid, false as gate from flat_entrances fe where fe.flat_id = f.id
        union all
        select g.gate_entrance_uid, true from entrance_gates g join flat_entrances fe on fe.entrance_uid = g.entrance_uid where fe.flat_id = f.id
      ) reach
      join device_relays dr on dr.entrance_uid = reach.uid
      group by dr.device_id
    ) served
    join devices d on d.id = served.device_id
    left join flat_device_settings st on st.flat_id = f.id and st.device_id = d.id`,
);

export const HOUSE = `(select jsonb_build_object('id', h.uid, 'address', h.address, 'region', h.region, 'fias', h.fias) from houses h where h.uid = f.house_uid)`;

/** When the next scheduled block starts (ISO), null without one. */
export const SCHEDULE_NEXT = `(select ${iso('b.run_at')} from flat_block_schedules b where b.flat_id = f.id and b.run_at >= now() order by b.run_at limit 1)`;

/**
 * PendingMoveOut | null: the flat's latest move-out not undone and still in its undo time, with the
 * seconds left by this server's clock (the browser counts down from them, whatever its own clock says).
 */
export const PENDING_MOVE_OUT = `(select jsonb_build_object('moveOutId', m.id, 'undoUntil', ${iso('m.undo_until')},
  'secondsLeft', greatest(0, floor(extract(epoch from m.undo_until - now())))::int, 'removed', m.snapshot->'summary')
  from flat_move_outs m where m.flat_id = f.id and m.undone_at is null and m.undo_until > now() order by m.id desc limit 1)`;

export const ACTIONS = list(`jsonb_build_object('id', c.id, 'name', c.name, 'description', c.description) order by c.id`, 'from access_actions c');
export const REASONS = list(`jsonb_build_object('id', c.id, 'name', c.name, 'description', c.description) order by c.id`, 'from access_reasons c');

/** `select <parts> from flats f where f.id = …`: one part (or several) of one flat. */
export function ofFlat(parts: string, flatId: number): SQL {
  return sql`select ${sql.raw(parts)} from flats f where f.id = ${flatId}`;
}
