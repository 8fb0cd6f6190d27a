import { FORCED_SIP_BUYER_ID, FORCED_SIP_DOMAIN, FORCED_SIP_PORT } from '../../contract/wizard';
import { userAccess } from '../db/schema/access';
import { flatAccessServices, flatEntrances, flatUsers, flats, temporaryCodes } from '../db/schema/flats';
import { entranceGates, entranceRanges, entrances, houses } from '../db/schema/houses';
import { sipAccounts } from '../db/schema/sip';
import { userDevices, users } from '../db/schema/users';
import { between, daysAgo, type SeedContext, type SeedCounters } from './context';
import type { OrgData } from './org';
import { CITIES, FIRST_NAMES, LAST_NAMES, PHONES, STREETS, type City } from './names';
import type { Random } from './random';

export interface FlatSkeleton {
  id: number;
  num: number;
  blocked: boolean;
}

export interface EntranceSkeleton {
  uid: string;
  num: number;
  /** 1 main, 2 gate with prefix, 3 additional, 4 gate without prefix. */
  type: number;
  title: string;
  flatFrom: number;
  flatTo: number;
  /** Flats reached through this entrance (a gate or an additional entrance: none of its own). */
  flats: FlatSkeleton[];
}

export interface HouseSkeleton {
  uid: string;
  address: string;
  region: number;
  fias: string;
  city: City;
  buyerId: number;
  managementCompanyId: number | null;
  entrances: EntranceSkeleton[];
}

/** Moscow and St Petersburg hold most of the stock. */
const CITY_WEIGHTS = CITIES.map((city, index) => [city, index === 0 ? 30 : index === 1 ? 15 : 3] as const);

function makeAddress(random: Random, city: City, used: Set<string>): string {
  for (;;) {
    const [prefix, street] = random.pick(STREETS);
    const number = random.int(1, 180);
    const building = random.chance(0.3) ? `, корп. ${random.int(1, 4)}` : random.chance(0.05) ? `, стр. ${random.int(1, 3)}` : '';
    const address = `${city.regionName ? `${city.regionName}, ` : ''}г. ${city.name}, ${prefix} ${street}, д. ${number}${building}`;
    if (!used.has(address)) {
      used.add(address);
      return address;
    }
  }
}

/** Pass 1: houses, entrances and flat numbering, all in memory (ids assigned in a fixed order). */
export function planHousing(context: SeedContext, org: OrgData): HouseSkeleton[] {
  const { random, profile } = context;
  const used = new Set<string>();
  const buyerWeights = org.buyerIds.map((id) => [id, id === 1 ? Math.max(1, org.buyerIds.length - 1) : 1] as const);
  const plan: HouseSkeleton[] = [];
  let flatId = 0;
  for (let index = 0; index < profile.houses; index++) {
    const city = random.weighted(CITY_WEIGHTS);
    const buyerId = random.weighted(buyerWeights);
    const companies = org.companiesByBuyer.get(buyerId) ?? [];
    const house: HouseSkeleton = {
      uid: random.guid(),
      address: makeAddress(random, city, used),
      region: city.region,
      fias: random.guid(),
      city,
      buyerId,
      managementCompanyId: companies.length > 0 && random.chance(0.85) ? random.pick(companies) : null,
      entrances: [],
    };
    const mainCount = random.int(profile.entrancesPerHouse[0], profile.entrancesPerHouse[1]);
    let nextFlat = 1;
    for (let num = 1; num <= mainCount; num++) {
      const count = random.int(profile.flatsPerEntrance[0], profile.flatsPerEntrance[1]);
      const flatsOfEntrance: FlatSkeleton[] = [];
      for (let n = 0; n < count; n++) {
        flatId += 1;
        flatsOfEntrance.push({ id: flatId, num: nextFlat + n, blocked: random.chance(0.03) });
      }
      house.entrances.push({ uid: random.guid(), num, type: 1, title: `Подъезд ${num}`, flatFrom: nextFlat, flatTo: nextFlat + count - 1, flats: flatsOfEntrance });
      nextFlat += count;
    }
    const lastFlat = nextFlat - 1;
    if (mainCount >= 2 && random.chance(0.3)) {
      const withPrefix = random.chance(0.6);
      house.entrances.push({
        uid: random.guid(),
        num: mainCount + 1,
        type: withPrefix ? 2 : 4,
        title: withPrefix ? 'Калитка' : 'Шлагбаум',
        flatFrom: 1,
        flatTo: lastFlat,
        flats: [],
      });
    }
    if (random.chance(0.1)) {
      const first = house.entrances[0];
      house.entrances.push({ uid: random.guid(), num: first.num, type: 3, title: `Подъезд ${first.num}, доп. вход`, flatFrom: first.flatFrom, flatTo: first.flatTo, flats: [] });
    }
    plan.push(house);
  }
  return plan;
}

function residentLogin(userId: number): string {
  // A bijection on 9 digits: unique phone-like logins in a stable order.
  return `79${String((userId * 104_729) % 1_000_000_000).padStart(9, '0')}`;
}

export function sipDomainOf(buyerId: number): { domain: string; port: number } {
  return buyerId === FORCED_SIP_BUYER_ID ? { domain: FORCED_SIP_DOMAIN, port: FORCED_SIP_PORT } : { domain: `sip${buyerId}.domofon-partner.ru`, port: 5060 };
}

/** A SIP account row of the house's buyer: a device's (sos/concierge defaults) or a resident's. */
export function sipAccountRow(
  context: SeedContext,
  ids: SeedCounters,
  house: HouseSkeleton,
  owner: { deviceId: number } | { userId: number; flatNum: number },
): typeof sipAccounts.$inferInsert {
  const id = ids.nextSipId++;
  const { domain, port } = sipDomainOf(house.buyerId);
  const forDevice = 'deviceId' in owner;
  return {
    id,
    login: String(1_000_000 + id),
    password: context.random.password(12),
    domain,
    port,
    type: 'udp',
    flatNum: forDevice ? null : owner.flatNum,
    houseUid: house.uid,
    userId: forDevice ? null : owner.userId,
    buyerId: house.buyerId,
    deviceId: forDevice ? owner.deviceId : null,
    sos: forDevice ? 'SOS' : null,
    conciergeApartment: forDevice ? 999 : null,
  };
}

/** Pass 2 for one house: its rows, flats and residents. */
export async function writeHouse(context: SeedContext, house: HouseSkeleton, ids: SeedCounters): Promise<void> {
  const { random, profile, writer } = context;
  await writer.add(houses, {
    uid: house.uid,
    address: house.address,
    region: house.region,
    fias: house.fias,
    managementCompanyId: house.managementCompanyId,
    createdAt: daysAgo(random, 1500, 200),
  });
  const mains = house.entrances.filter((entrance) => entrance.type === 1);
  for (const entrance of house.entrances) {
    await writer.add(entrances, {
      uid: entrance.uid,
      buyerId: house.buyerId,
      houseUid: house.uid,
      entranceNum: entrance.num,
      title: entrance.title,
      type: entrance.type,
      createdAt: daysAgo(random, 1400, 200),
    });
    await writer.add(entranceRanges, { entranceUid: entrance.uid, rangeStart: entrance.flatFrom, rangeEnd: entrance.flatTo });
    if (entrance.type === 2 || entrance.type === 4) {
      for (const main of mains) {
        await writer.add(entranceGates, {
          gateEntranceUid: entrance.uid,
          entranceUid: main.uid,
          flatFrom: main.flatFrom,
          flatTo: main.flatTo,
          prefix: entrance.type === 2 ? main.num : null,
          additionalFlats: null,
        });
      }
    }
  }

  for (const entrance of mains) {
    for (const flat of entrance.flats) {
      await writer.add(flats, {
        id: flat.id,
        buyerId: house.buyerId,
        houseUid: house.uid,
        flatNum: flat.num,
        letter: random.chance(0.01) ? 'А' : null,
        status: flat.blocked ? 1 : 0,
        createdAt: daysAgo(random, 1400, 200),
      });
      await writer.add(flatEntrances, { flatId: flat.id, entranceUid: entrance.uid });
      if (random.chance(0.02)) {
        await writer.add(temporaryCodes, {
          flatId: flat.id,
          tempCode: random.digits(6),
          created: daysAgo(random, 1),
          duration: random.pick([3600, 86_400, 604_800]),
          entrances: [entrance.uid],
        });
      }
      if (random.chance(0.05)) {
        await writer.add(flatAccessServices, {
          flatId: flat.id,
          serviceId: random.int(1, 4),
          reasonId: random.int(1, 5),
          actionId: random.int(1, 3),
          access: random.chance(0.5),
          source: random.pick(['operator', 'billing', 'mobile']),
        });
      }
      if (random.chance(profile.residentShare)) await writeResidents(context, house, flat, ids);
    }
  }
}

async function writeResidents(context: SeedContext, house: HouseSkeleton, flat: FlatSkeleton, ids: SeedCounters): Promise<void> {
  const { random, writer } = context;
  const count = random.chance(0.3) ? 2 : 1;
  for (let n = 0; n < count; n++) {
    const userId = ids.nextUserId++;
    const created = daysAgo(random, 1200, 1);
    await writer.add(users, {
      id: userId,
      login: residentLogin(userId),
      passwordHash: null,
      buyerId: house.buyerId,
      comment: random.chance(0.3) ? `${random.pick(LAST_NAMES)[0]} ${random.pick(FIRST_NAMES)[0]}` : null,
      dateCreated: created,
      dontUnlinkFromFlats: random.chance(0.05),
      operatorId: null,
      newRoles: [],
    });
    await writer.add(flatUsers, { flatId: flat.id, userId });
    if (random.chance(0.5)) await writer.add(sipAccounts, sipAccountRow(context, ids, house, { userId, flatNum: flat.num }));
    if (random.chance(0.6)) {
      const [name, os] = random.pick(PHONES);
      await writer.add(userDevices, { userId, name, os, pushEnabled: random.chance(0.85), dateUpdated: between(random, created) });
    }
    if (random.chance(0.1)) {
      await writer.add(userAccess, { userId, serviceId: random.int(1, 4), actionId: random.int(1, 3), reasonId: random.int(1, 5) });
    }
  }
}

