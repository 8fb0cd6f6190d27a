import { sql } from 'drizzle-orm';
import { MAX_FLAT_NUM } from '../../contract/flat-card';
import { IMPORT_LETTER_MAX, IMPORT_NAME_MAX, type ImportAction } from '../../contract/imports';
import { queryRows, type Db } from '../db/client';
import { intArray, textArray } from '../db/sql-arrays';
import { phoneLogin } from '../import/phone';
import { refuse, type BatchPlanner, type PlannedRow, type SourceRow } from './imports-plan';


interface FlatPlan {
  flatNum: number;
  letter: string | null;
  /** The resident's login as the file gives it (a phone normalised), null for a row without one. */
  login: string | null;
  name: string | null;
}

type Planned = PlannedRow<FlatPlan>;

interface StoredFlat {
  id: number;
  flat_num: number;
  letter: string | null;
  buyer_id: number;
}
interface StoredUser {
  id: number;
  login: string;
  buyer_id: number;
  comment: string | null;
}

/**
 * Flats with their residents for one house (docs/api.md "Import and export"): a row is a flat
 * number, its letter, a resident's phone (the user's login) and name (the user's comment). A blank
 * letter or name leaves the stored one. A new flat joins the main entrance whose range holds its
 * number and gets that entrance's buyer (else the house's first entrance's, else the caller's).
 */
export class FlatImport implements BatchPlanner<FlatPlan> {
  /** Across the whole file: a flat's letter and the line that gave it, a login's name, the rows seen. */
  private readonly letters = new Map<number, { letter: string; line: number }>();
  private readonly names = new Map<string, { name: string; line: number }>();
  private readonly seen = new Map<string, number>();
  /** What earlier batches of a dry run would create (an apply finds them in the database). */
  private readonly plannedFlats = new Set<number>();
  private readonly plannedLogins = new Set<string>();
  private fallbackBuyer: number | null | undefined;

  constructor(
    private readonly houseUid: string,
    private readonly caller: { buyerId: number; scope: number | null },
  ) {}

  private check(row: SourceRow): Planned | FlatPlan {
    const [flatText, letterText, phoneText, nameText] = row.values;
    if (flatText === '') return refuse(row, 'missing', 'flat');
    if (!/^\d{1,6}$/.test(flatText) || Number(flatText) < 1 || Number(flatText) > MAX_FLAT_NUM) return refuse(row, 'flat-bad', flatText);
    const flatNum = Number(flatText);
    if (letterText.length > IMPORT_LETTER_MAX) return refuse(row, 'letter-long', letterText);
    if (nameText.length > IMPORT_NAME_MAX) return refuse(row, 'name-long', null);
    let login: string | null = null;
    if (phoneText !== '') {
      login = phoneLogin(phoneText) ?? (/^[\p{L}\p{N}._@+-]{3,64}$/u.test(phoneText) ? phoneText : null);
      if (login === null) return refuse(row, 'phone-bad', phoneText);
    }
    const key = `${flatNum}|${login?.toLowerCase() ?? ''}`;
    const earlier = this.seen.get(key);
    if (earlier !== undefined) return refuse(row, 'duplicate', String(earlier));
    const letter = letterText === '' ? null : letterText;
    const knownLetter = this.letters.get(flatNum);
    if (letter !== null && knownLetter && knownLetter.letter !== letter) return refuse(row, 'letter-conflict', String(knownLetter.line));
    const name = nameText === '' || login === null ? null : nameText;
    const knownName = login === null ? undefined : this.names.get(login.toLowerCase());
    if (name !== null && knownName && knownName.name !== name) return refuse(row, 'name-conflict', String(knownName.line));
    this.seen.set(key, row.line);
    if (letter !== null && !knownLetter) this.letters.set(flatNum, { letter, line: row.line });
    if (login !== null && name !== null && !knownName) this.names.set(login.toLowerCase(), { name, line: row.line });
    return { flatNum, letter, login, name };
  }

  async plan(db: Db, rows: readonly SourceRow[]): Promise<Planned[]> {
    const checked = rows.map((row) => ({ row, result: this.check(row) }));
    const valid = checked.filter((item): item is { row: SourceRow; result: FlatPlan } => !('status' in item.result));
    const nums = [...new Set(valid.map((item) => item.result.flatNum))];
    const logins = [...new Set(valid.flatMap((item) => (item.result.login === null ? [] : [item.result.login.toLowerCase()])))];
    const [flats, users] = await Promise.all([
      nums.length === 0
        ? Promise.resolve([])
        : queryRows<StoredFlat & Record<string, unknown>>(
            db,
            sql`select id, flat_num, letter, buyer_id from flats where house_uid = ${this.houseUid} and flat_num = any(${intArray(nums)})`,
          ),
      logins.length === 0
        ? Promise.resolve([])
        : queryRows<StoredUser & Record<string, unknown>>(db, sql`select id, login, buyer_id, comment from users where lower(login) = any(${textArray(logins)})`),
    ]);
    const flatByNum = new Map(flats.map((flat) => [Number(flat.flat_num), flat]));
    const userByLogin = new Map(users.map((user) => [user.login.toLowerCase(), user]));
    const flatIds = flats.map((flat) => flat.id);
    const userIds = users.map((user) => user.id);
    const links =
      flatIds.length === 0 || userIds.length === 0
        ? []
        : await queryRows<{ flat_id: number; user_id: number }>(
            db,
            sql`select flat_id, user_id from flat_users where flat_id = any(${intArray(flatIds)}) and user_id = any(${intArray(userIds)})`,
          );
    const linked = new Set(links.map((link) => `${link.flat_id}|${link.user_id}`));
    const newFlatBuyers = await this.newFlatBuyers(db, nums.filter((num) => !flatByNum.has(num) && !this.plannedFlats.has(num)));

    return checked.map(({ row, result }): Planned => {
      if ('status' in result) return result;
      const actions: ImportAction[] = [];
      const flat = flatByNum.get(result.flatNum);
      const visible = (buyerId: number) => this.caller.scope === null || buyerId === this.caller.scope;
      if (flat && !visible(flat.buyer_id)) return refuse(row, 'flat-bad', String(result.flatNum));
      if (!flat && !this.plannedFlats.has(result.flatNum)) {
        const buyer = newFlatBuyers.get(result.flatNum) ?? this.caller.buyerId;
        if (!visible(buyer)) return refuse(row, 'flat-bad', String(result.flatNum));
        actions.push('flat');
      } else if (flat && result.letter !== null && flat.letter !== result.letter) actions.push('letter');
      if (result.login !== null) {
        const user = userByLogin.get(result.login.toLowerCase());
        if (user && !visible(user.buyer_id)) return refuse(row, 'phone-other-buyer', result.login);
        if (!user && !this.plannedLogins.has(result.login.toLowerCase())) {
          if (phoneLogin(result.login) === null) return refuse(row, 'phone-bad', result.login);
          actions.push('resident');
        } else if (user && result.name !== null && user.comment !== result.name) actions.push('name');
        if (!user || !flat || !linked.has(`${flat.id}|${user.id}`)) actions.push('link');
      }
      if (actions.includes('flat')) this.plannedFlats.add(result.flatNum);
      if (actions.includes('resident') && result.login !== null) this.plannedLogins.add(result.login.toLowerCase());
      const creates = actions.some((action) => action === 'flat' || action === 'resident' || action === 'link');
      const status = creates ? 'create' : actions.length > 0 ? 'change' : 'unchanged';
      return { line: row.line, values: row.values, status, reason: null, detail: null, actions, data: result };
    });
  }

  /** The buyer and entrance a new flat would get, by number (the main entrance whose range holds it). */
  private async newFlatBuyers(db: Db, nums: readonly number[]): Promise<Map<number, number>> {
    if (nums.length === 0) return new Map();
    const rows = await queryRows<{ num: number; buyer_id: number | null }>(
      db,
      sql`select n.num, e.buyer_id from unnest(${intArray(nums)}) as n(num)
          left join lateral (
            select e.buyer_id from entrances e join entrance_ranges r on r.entrance_uid = e.uid
            where e.house_uid = ${this.houseUid} and e.type = 1 and r.range_start <= n.num and r.range_end >= n.num
            order by e.entrance_num, e.uid limit 1) e on true`,
    );
    if (this.fallbackBuyer === undefined) {
      const [first] = await queryRows<{ buyer_id: number }>(
        db,
        sql`select buyer_id from entrances where house_uid = ${this.houseUid} order by entrance_num, uid limit 1`,
      );
      let buyer = first?.buyer_id ?? null;
      if (buyer === null) {
        const [device] = await queryRows<{ buyer_id: number }>(
          db,
          sql`select d.buyer_id from device_houses dh join devices d on d.id = dh.device_id where dh.house_uid = ${this.houseUid} order by d.id limit 1`,
        );
        buyer = device?.buyer_id ?? null;
      }
      this.fallbackBuyer = buyer;
    }
    const fallback = this.fallbackBuyer ?? this.caller.buyerId;
    return new Map(rows.map((row) => [Number(row.num), row.buyer_id === null ? fallback : Number(row.buyer_id)]));
  }

  /** Writes a planned batch with one statement per kind of change (run inside the batch's transaction). */
  async apply(db: Db, rows: readonly Planned[]): Promise<void> {
    const work = rows.filter((row) => row.data && (row.status === 'create' || row.status === 'change'));
    if (work.length === 0) return;
    const plans = work.map((row) => row.data as FlatPlan);
    const newNums = [...new Set(work.filter((row) => row.actions.includes('flat')).map((row) => (row.data as FlatPlan).flatNum))];
    if (newNums.length > 0) {
      const letters = newNums.map((num) => this.letters.get(num)?.letter ?? '');
      await db.execute(sql`
        with wanted as (
          select n.num, nullif(n.letter, '') as letter, e.uid as entrance_uid,
                 coalesce(e.buyer_id, ${this.fallbackBuyer ?? this.caller.buyerId}::int) as buyer_id
          from unnest(${intArray(newNums)}, ${textArray(letters)}) as n(num, letter)
          left join lateral (
            select e.uid, e.buyer_id from entrances e join entrance_ranges r on r.entrance_uid = e.uid
            where e.house_uid = ${this.houseUid} and e.type = 1 and r.range_start <= n.num and r.range_end >= n.num
            order by e.entrance_num, e.uid limit 1) e on true
        ), created as (
          insert into flats (buyer_id, house_uid, flat_num, letter)
          select buyer_id, ${this.houseUid}, num, letter from wanted
          on conflict do nothing
          returning id, flat_num
        )
        insert into flat_entrances (flat_id, entrance_uid)
        select c.id, w.entrance_uid from created c join wanted w on w.num = c.flat_num where w.entrance_uid is not null
        on conflict do nothing`);
    }
    const letterChanges = work.filter((row) => row.actions.includes('letter')).map((row) => row.data as FlatPlan);
    if (letterChanges.length > 0) {
      await db.execute(sql`
        update flats f set letter = u.letter
        from unnest(${intArray(letterChanges.map((plan) => plan.flatNum))}, ${textArray(letterChanges.map((plan) => plan.letter ?? ''))}) as u(num, letter)
        where f.house_uid = ${this.houseUid} and f.flat_num = u.num`);
    }
    const newUsers = new Map<string, FlatPlan>();
    for (const row of work) if (row.actions.includes('resident')) newUsers.set((row.data as FlatPlan).login?.toLowerCase() ?? '', row.data as FlatPlan);
    if (newUsers.size > 0) {
      const list = [...newUsers.values()];
      // A resident's buyer is the flat's.
      await db.execute(sql`
        insert into users (login, buyer_id, comment)
        select u.login, f.buyer_id, nullif(u.comment, '')
        from unnest(${textArray(list.map((plan) => plan.login ?? ''))}, ${intArray(list.map((plan) => plan.flatNum))}, ${textArray(list.map((plan) => this.names.get(plan.login?.toLowerCase() ?? '')?.name ?? ''))}) as u(login, num, comment)
        join flats f on f.house_uid = ${this.houseUid} and f.flat_num = u.num
        on conflict do nothing`);
    }
    const nameChanges = work.filter((row) => row.actions.includes('name')).map((row) => row.data as FlatPlan);
    if (nameChanges.length > 0) {
      await db.execute(sql`
        update users s set comment = u.comment
        from unnest(${textArray(nameChanges.map((plan) => plan.login ?? ''))}, ${textArray(nameChanges.map((plan) => plan.name ?? ''))}) as u(login, comment)
        where lower(s.login) = lower(u.login)`);
    }
    const links = plans.filter((plan, index) => plan.login !== null && work[index].actions.includes('link'));
    if (links.length > 0) {
      await db.execute(sql`
        insert into flat_users (flat_id, user_id)
        select f.id, s.id
        from unnest(${intArray(links.map((plan) => plan.flatNum))}, ${textArray(links.map((plan) => (plan.login ?? '').toLowerCase()))}) as u(num, login)
        join flats f on f.house_uid = ${this.houseUid} and f.flat_num = u.num
        join users s on lower(s.login) = u.login
        on conflict do nothing`);
    }
  }
}

/** The house's flats with their residents, in the import's columns, a page of flats at a time (keyset by number). */
export async function flatExportBatch(db: Db, houseUid: string, scope: number | null, afterNum: number, limit: number) {
  return queryRows<{ flat_num: number; letter: string | null; login: string | null; comment: string | null }>(
    db,
    sql`select f.flat_num, f.letter, u.login, u.comment
        from (select id, flat_num, letter from flats
              where house_uid = ${houseUid} and flat_num > ${afterNum}${scope === null ? sql`` : sql` and buyer_id = ${scope}`}
              order by flat_num limit ${limit}) f
        left join flat_users fu on fu.flat_id = f.id
        left join users u on u.id = fu.user_id
        order by f.flat_num, u.login`,
  );
}
