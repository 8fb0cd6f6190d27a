import { deviceTypeId as t } from '../../contract/devices';

/** Analogue panels with a commutator and handsets on a line. */
export const ANALOG_TYPES: ReadonlySet<number> = new Set([t('IMD1_B'), t('ISCOM_X0'), t('ISCOM_X1'), t('BEWARD_ISCOM'), t('ISCOM_RWE'), t('ISCOM_S2')]);
export const ISCOM_TYPES: ReadonlySet<number> = new Set([t('ISCOM_X0'), t('ISCOM_X1'), t('BEWARD_ISCOM'), t('ISCOM_RWE'), t('ISCOM_S2'), t('ISCOM_CLOUD')]);
/** Beward DKS / DS panels: their readers keep a key as a 7-byte UID (14 hex digits, PANELS.md), so they take MIFARE. */
export const BEWARD_DKS_TYPES: ReadonlySet<number> = new Set([t('BEWARD'), t('BEWARD_SD06M'), t('BEWARD_DKS977957')]);
export const CAMERA_TYPES: ReadonlySet<number> = new Set([
  t('BEWARD'),
  t('BEWARD_SD06M'),
  t('HIKVISION'),
  t('HIKVISION_KV8113'),
  t('HIKVISION_KV6113_WPE1_B'),
  t('HIKVISION_DS_KD8103_E6'),
  t('BEWARD_DKS977957'),
  t('RUBETEK_RV_3434'),
  t('SPUTNIK'),
]);

/** What a device of this type can do (each capability gates one feature of the card). */
export function capabilitiesOf(type: number): string[] {
  const list = ['keys', 'codes', 'history', 'firmware'];
  if (ANALOG_TYPES.has(type)) list.push('commutators', 'power', 'dialings', 'levels');
  if (type === t('ISCOM_X1') || type === t('BEWARD_ISCOM')) list.push('rs485', 'rsKeys', 'audio', 'display', 'echoCancellation', 'mifare', 'autoCollectKeys');
  if (CAMERA_TYPES.has(type) || ISCOM_TYPES.has(type)) list.push('camera');
  return list;
}
