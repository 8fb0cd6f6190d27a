import { defineCatalog, type FeatureTranslate } from '@/i18n/i18n';
import type { MessageKey as ShellMessageKey } from '@/i18n/i18n';

/** Russian strings of the entrance screen; keys it does not own fall through to the shell's catalog. */
export const ruMessages = {
  'entrance.title': 'Подъезд',
  'entrance.heading': 'Подъезд № {number} «{title}»',
  'entrance.back': 'К дому',
  'entrance.backTo': 'К дому: {address}',
  'entrance.loadError': 'Не удалось загрузить подъезд: {error}',
  'entrance.siblingsError': 'Не удалось загрузить другие подъезды дома: {error}. Калитки и пересечения проверит сервер.',
  'entrance.retry': 'Повторить',
  'entrance.offline': 'Нет связи с сервером: сохранение недоступно, введённое останется на экране до возвращения сети.',
  'entrance.readOnly': 'Только просмотр: изменять подъезд может оператор.',
  'entrance.section.main': 'Подъезд',
  'entrance.field.type': 'Тип',
  'entrance.field.entranceNum': 'Номер',
  'entrance.field.title': 'Название',
  'entrance.field.rangeStart': 'Квартиры с',
  'entrance.field.rangeEnd': 'Квартиры по',
  'entrance.section.gates': 'Калитки',
  'entrance.gates.hint.2': 'Калитка с префиксом: для каждого подъезда укажите квартиры и префикс, который набирают перед номером квартиры.',
  'entrance.gates.hint.4': 'Калитка без префикса: для каждого подъезда укажите квартиры, номер набирают без префикса.',
  'entrance.gates.none': 'Калиток нет',
  'entrance.gates.noSiblings': 'У дома нет других подъездов, на которые могла бы вести калитка',
  'entrance.gate.title': 'Калитка {index}',
  'entrance.gate.entranceUid': 'Подъезд',
  'entrance.gate.entranceOption': '№ {number} «{title}», квартиры {start}–{end}',
  'entrance.gate.from': 'Квартиры с',
  'entrance.gate.to': 'Квартиры по',
  'entrance.gate.prefix': 'Префикс',
  'entrance.gate.additionalFlats': 'Дополнительные квартиры',
  'entrance.gate.additionalFlats.helper': 'Через запятую, например «101,115»',
  'entrance.gate.add': 'Добавить калитку',
  'entrance.gate.remove': 'Удалить калитку {index}',
  'entrance.section.relays': 'Реле',
  'entrance.relays.none': 'Реле не привязаны',
  'entrance.relay': 'реле {id}',
  'entrance.relay.link': 'Карточка устройства {mac}',
  'entrance.save': 'Сохранить',
  'entrance.saving': 'Сохранение…',
  'entrance.reset': 'Отменить изменения',
  'entrance.saved': 'Подъезд сохранён',
  'entrance.check.failed': 'Исправьте отмеченные поля',
} as const;

export type FeatureMessageKey = keyof typeof ruMessages;
export type MessageKey = FeatureMessageKey | ShellMessageKey;
export type Translate = FeatureTranslate<FeatureMessageKey>;

export const { translate, t, useT } = defineCatalog(ruMessages, { en: () => import('./messages-en').then((module) => module.enMessages) });
