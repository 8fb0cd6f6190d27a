import { portOf } from '@contract/adjuster-wizard';
import { normalizeMac } from '@contract/common';
import type { UiLanguage } from '@/lib/preferences';
import type { DraftKind } from './db';
import type { DraftData } from './draft-kinds';
import { offlineTranslate, type OfflineMessageKey, type OfflineParams } from './offline-strings';

/**
 * What a draft is called, without the words: the key of its name and the values it names (a MAC,
 * a serial number, a port). The drafts list words it when it shows it, so a draft saved in one
 * language reads in the user's language of the moment.
 */
export interface DraftName {
  key: OfflineMessageKey;
  params: OfflineParams;
}

/** A MAC as the installer typed it, normalised when it is one. */
function shownMac(text: string): string {
  return normalizeMac(text) ?? text.trim();
}

const named = (key: OfflineMessageKey, params: OfflineParams = {}): DraftName => ({ key, params });

const NAMES: { [K in DraftKind]: (data: DraftData<K>) => DraftName } = {
  'serial-number': ({ serialNumber }) => {
    const serial = serialNumber.trim();
    return serial ? named('offline.draftName.serialNumber', { serial }) : named('offline.draftName.serialNumber.empty');
  },
  'device-setup': ({ mac }) => {
    const shown = shownMac(mac);
    return shown ? named('offline.draftName.deviceSetup', { mac: shown }) : named('offline.draftName.deviceSetup.empty');
  },
  replace: ({ oldMac, newMac }) => {
    const from = shownMac(oldMac);
    const to = shownMac(newMac);
    if (from && to) return named('offline.draftName.replace', { from, to });
    return from ? named('offline.draftName.replace.old', { from }) : named('offline.draftName.replace.empty');
  },
  adjuster: (data) => {
    const port = portOf(data);
    return port ? named('offline.draftName.adjuster', { station: port.bsName, port: port.portNum }) : named('offline.draftName.adjuster.empty');
  },
  commutators: ({ mac }) => named('offline.draftName.commutators', { mac }),
};

export function draftName<K extends DraftKind>(kind: K, data: DraftData<K>): DraftName {
  const name: (data: DraftData<K>) => DraftName = NAMES[kind];
  return name(data);
}

/** The draft's name in `language`: what the wizards store as the row's title (read by older versions and exports). */
export function draftTitle<K extends DraftKind>(language: UiLanguage, kind: K, data: DraftData<K>): string {
  const { key, params } = draftName(kind, data);
  return offlineTranslate(language, key, params);
}
