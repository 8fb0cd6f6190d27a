import { ROLES } from '../../contract/users';
import { PHONES } from './names';
import { jsonLiteral, literal, sipDomainSql, sipPortSql, sqlRandom } from './sql-random';

/** Share of residents whose user card has every section filled (SIP, phone, flat, access, groups, external id, operator). */
export const FULL_USER_SHARE = 0.12;

/** The name of the group `groupsThreeLevelsDeep` adds to a buyer's tree of two levels. */
export const THIRD_LEVEL_GROUP_NAME = 'Школьный квартал';

/**
 * Every buyer's group tree reaches a third level: a buyer whose tree has only two levels gets one
 * group under its first nested group. The demo and large trees are deeper already (org.ts); the small seed's
 * rows stay as they were and the new group takes the next free id (run after the identities are reset).
 */
export function groupsThreeLevelsDeep(seed: number): string {
  return `insert into groups (name, buyer_id, parent_id, uid)
          select ${literal(THIRD_LEVEL_GROUP_NAME)}, g.buyer_id, g.id, md5('${seed}-third-level-group-' || g.id)::uuid::text
          from groups g
          where g.id = (select min(n.id) from groups n join groups p on p.id = n.parent_id where n.buyer_id = g.buyer_id)
            and not exists (select 1 from groups c join groups p on p.id = c.parent_id where c.buyer_id = g.buyer_id and p.parent_id is not null)
          order by g.id`;
}

/**
 * The people and organisation data beyond what the housing gives residents (a flat, often a SIP
 * account and a phone, sometimes an access entry), as set-based SQL for the demo and large sizes
 * alike; residents are the users from `firstResidentId` on. Each buyer's houses with a company
 * are dealt to its companies in turn (every company gets several); a quarter of the residents are
 * in one or two of their buyer's groups, given by one of its operators or the admin; more of them
 * get access entries (to one service or several), a second phone, an external id, an operator; and
 * FULL_USER_SHARE of them get whatever they lack of all that, a SIP account included, so their
 * card shows every section. Runs before the identities are reset: explicit ids only for SIP
 * accounts (after the largest), the rest from the identities the load left consistent.
 */
export function peopleStatements(seed: number, firstResidentId: number): string[] {
  const { r, daysAgo } = sqlRandom(seed);
  const phones = jsonLiteral(PHONES);
  return [
    `update houses h set management_company_id = c.id
     from (
       select o.uid, o.buyer_id, row_number() over (partition by o.buyer_id order by o.uid) - 1 as n
       from (select distinct on (e.house_uid) e.house_uid as uid, e.buyer_id from entrances e order by e.house_uid, e.entrance_num, e.uid) o
       join houses h on h.uid = o.uid
       where h.management_company_id is not null
     ) as dealt
     join (select id, buyer_id, row_number() over (partition by buyer_id order by id) - 1 as n, count(*) over (partition by buyer_id) as total from management_companies) c
       on c.buyer_id = dealt.buyer_id and c.n = dealt.n % c.total
     where h.uid = dealt.uid and h.management_company_id is distinct from c.id`,

    `create temp table seed_buyer_groups on commit drop as
     select id, buyer_id, (row_number() over (partition by buyer_id order by id) - 1)::int as n from groups`,
    `create temp table seed_buyer_operators on commit drop as
     select u.id, u.login, u.buyer_id, (row_number() over (partition by u.buyer_id order by u.id) - 1)::int as n
     from users u join auth_assignments a on a.user_id = u.id and a.item_name = ${literal(ROLES.management)}
     where u.id < ${firstResidentId}`,
    `create temp table seed_people on commit drop as
     select u.id, u.buyer_id, ${r('u.id', 300)} < ${FULL_USER_SHARE} as complete,
            coalesce(g.total, 0) as groups, coalesce(o.total, 0) as operators,
            u.id in (select user_id from user_devices) as has_phone,
            u.id in (select user_id from sip_accounts where user_id is not null) as has_sip,
            u.id in (select user_id from user_access) as has_access
     from users u
     left join (select buyer_id, count(*)::int as total from seed_buyer_groups group by buyer_id) g on g.buyer_id = u.buyer_id
     left join (select buyer_id, count(*)::int as total from seed_buyer_operators group by buyer_id) o on o.buyer_id = u.buyer_id
     where u.id >= ${firstResidentId}`,

    // One or two groups (different ones) of the resident's buyer.
    `insert into user_groups (user_id, group_id, given_by, created_at)
     select p.id, g.id, case when p.operators = 0 or ${r('p.id', 304)} < 0.3 then 'admin' else o.login end, ${daysAgo('p.id * 2 + m.n', 305, 600)}
     from seed_people p
     cross join (values (0), (1)) as m(n)
     join seed_buyer_groups g on g.buyer_id = p.buyer_id
       and g.n = (floor(${r('p.id', 302)} * p.groups)::int + m.n * (1 + floor(${r('p.id', 303)} * (p.groups - 1))::int)) % p.groups
     left join seed_buyer_operators o on o.buyer_id = p.buyer_id and o.n = floor(${r('p.id', 306)} * greatest(p.operators, 1))::int
     where p.groups > 0 and (case when m.n = 0 then p.complete or ${r('p.id', 301)} < 0.25 else p.groups > 1 and (p.complete or ${r('p.id', 301)} < 0.06) end)
     order by p.id, m.n`,

    // Access entries for residents without one: a service picked, sometimes the others too.
    `insert into user_access (user_id, service_id, action_id, reason_id)
     select p.id, s.id, 1 + floor(${r('p.id * 8 + s.id', 312)} * (select count(*) from access_actions))::int,
            1 + floor(${r('p.id * 8 + s.id', 313)} * (select count(*) from access_reasons))::int
     from seed_people p cross join access_services s
     where not p.has_access and (p.complete or ${r('p.id', 310)} < 0.15)
       and (s.id = 1 + floor(${r('p.id', 311)} * (select count(*) from access_services))::int or ${r('p.id * 8 + s.id', 314)} < 0.3)
     order by p.id, s.id`,

    // A phone for those who lack one; a second phone (another model) for some who have one.
    `insert into user_devices (user_id, name, os, push_enabled, date_updated)
     select p.id, phone->>0, phone->>1, ${r('p.id', 322)} < 0.8, ${daysAgo('p.id', 323, 200)}
     from seed_people p
     cross join lateral (select ${phones} -> ((floor(${r('p.id', 321)} * ${PHONES.length})::int + case when p.has_phone then 1 else 0 end) % ${PHONES.length}) as phone) as picked
     where case when p.has_phone then ${r('p.id', 320)} < 0.12 else p.complete end
     order by p.id`,

    // A SIP account on the resident's first flat for the full cards without one.
    `insert into sip_accounts (id, login, password, domain, port, type, flat_num, house_uid, user_id, buyer_id)
     select id, (1000000 + id)::text, substr(md5('${seed}-people-sip-' || user_id), 1, 12), ${sipDomainSql('buyer_id')}, ${sipPortSql('buyer_id')}, 'udp', flat_num, house_uid, user_id, buyer_id
     from (
       select (select coalesce(max(id), 0) from sip_accounts) + row_number() over (order by f.user_id) as id, f.user_id, f.flat_num, f.house_uid, f.buyer_id
       from (
         select distinct on (fu.user_id) fu.user_id, fl.flat_num, fl.house_uid, fl.buyer_id
         from flat_users fu join flats fl on fl.id = fu.flat_id
         where fu.user_id in (select id from seed_people where complete and not has_sip)
         order by fu.user_id, fl.id
       ) as f
     ) as made
     order by id`,

    `insert into external_users (user_id, buyer_id, external_id)
     select p.id, p.buyer_id, 'CRM-' || p.buyer_id || '-' || lpad((p.id::bigint * 7919 % 10000000)::text, 7, '0')
     from seed_people p where p.complete or ${r('p.id', 330)} < 0.03 order by p.id`,

    `update users u set operator_id = o.id
     from seed_people p join seed_buyer_operators o on o.buyer_id = p.buyer_id and o.n = floor(${r('p.id', 341)} * p.operators)::int
     where u.id = p.id and p.operators > 0 and (p.complete or ${r('p.id', 340)} < 0.2)`,
  ];
}
