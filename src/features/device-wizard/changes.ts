import type { WizardSettings } from '@contract/wizard';
import type { Step } from './model';

/*
 * The review's comparison of the draft with the device's settings, apart from
 * model.ts so that only the review step's chunk carries it.
 */

export type ChangeField =
  | 'type'
  | 'login'
  | 'password'
  | 'url'
  | 'shift'
  | 'vendor'
  | 'house'
  | 'relay'
  | 'sipDomain'
  | 'sipPort'
  | 'sipType'
  | 'bsName'
  | 'bsPort'
  | 'fiasId'
  | 'porchNum'
  | 'devicePurpose'
  | 'executorId'
  | 'deviceOwner';

/**
 * One line of the review: a field now and after the save. null means "none": no SIP account, a
 * house not linked, a relay the device does not have. For `house` the values are the house's uid;
 * for `relay` the entrance's uid ('' for a relay bound to none), and `item` is the relay's number.
 */
export interface Change {
  id: string;
  step: Step;
  field: ChangeField;
  item?: number;
  before: string | number | null;
  after: string | number | null;
  changed: boolean;
}

function line(step: Step, field: ChangeField, before: Change['before'], after: Change['after'], id: string = field, item?: number): Change {
  return { id, step, field, ...(item === undefined ? {} : { item }), before, after, changed: before !== after };
}

const sipOf = (settings: WizardSettings) => (settings.sipAccount.domain.trim() === '' ? null : settings.sipAccount);

/** Every field of the draft against the device's settings, in the order of the steps. */
export function compareSettings(before: WizardSettings, after: WizardSettings): Change[] {
  const changes: Change[] = [
    line(1, 'type', before.type, after.type),
    line(1, 'login', before.login, after.login),
    line(1, 'password', before.password, after.password),
    line(1, 'url', before.url, after.url),
    line(1, 'shift', before.shift, after.shift),
    line(1, 'vendor', before.vendor, after.vendor),
  ];
  const houses = [...new Set([...before.houses, ...after.houses])];
  for (const uid of houses) changes.push(line(2, 'house', before.houses.includes(uid) ? uid : null, after.houses.includes(uid) ? uid : null, `house:${uid}`));
  const relayIds = [...new Set([...before.relays, ...after.relays].map((relay) => relay.id))].sort((a, b) => a - b);
  const entranceOf = (settings: WizardSettings, id: number) => settings.relays.find((relay) => relay.id === id)?.entrance ?? null;
  for (const id of relayIds) changes.push(line(3, 'relay', entranceOf(before, id), entranceOf(after, id), `relay:${id}`, id));
  const [sipBefore, sipAfter] = [sipOf(before), sipOf(after)];
  changes.push(
    line(4, 'sipDomain', sipBefore?.domain.trim() ?? null, sipAfter?.domain.trim() ?? null),
    line(4, 'sipPort', sipBefore?.port ?? null, sipAfter?.port ?? null),
    line(4, 'sipType', sipBefore?.type ?? null, sipAfter?.type ?? null),
  );
  const [a, b] = [before.billing, after.billing];
  changes.push(
    line(5, 'bsName', a.bsName, b.bsName),
    line(5, 'bsPort', a.bsPort, b.bsPort),
    line(5, 'fiasId', a.fiasId, b.fiasId),
    line(5, 'porchNum', a.porchNum, b.porchNum),
    line(5, 'devicePurpose', a.devicePurpose, b.devicePurpose),
    line(5, 'executorId', a.executorId, b.executorId),
    // The save sends an empty owner as null: blank and absent are the same.
    line(5, 'deviceOwner', a.deviceOwner.trim(), b.deviceOwner.trim()),
  );
  return changes;
}
