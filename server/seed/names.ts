/** Reference lists for realistic Russian data. */

export interface City {
  name: string;
  /** Russian region code (as on number plates, first code of the region). */
  region: number;
  /** Shown before the city when it is not a federal city. */
  regionName: string | null;
  /** A short code for base-station names. */
  code: string;
}

export const CITIES: readonly City[] = [
  { name: 'Москва', region: 77, regionName: null, code: 'MSK' },
  { name: 'Санкт-Петербург', region: 78, regionName: null, code: 'SPB' },
  { name: 'Химки', region: 50, regionName: 'Московская обл.', code: 'HMK' },
  { name: 'Подольск', region: 50, regionName: 'Московская обл.', code: 'PDL' },
  { name: 'Балашиха', region: 50, regionName: 'Московская обл.', code: 'BLS' },
  { name: 'Новосибирск', region: 54, regionName: 'Новосибирская обл.', code: 'NSK' },
  { name: 'Екатеринбург', region: 66, regionName: 'Свердловская обл.', code: 'EKB' },
  { name: 'Казань', region: 16, regionName: 'Респ. Татарстан', code: 'KZN' },
  { name: 'Нижний Новгород', region: 52, regionName: 'Нижегородская обл.', code: 'NNV' },
  { name: 'Самара', region: 63, regionName: 'Самарская обл.', code: 'SMR' },
  { name: 'Ростов-на-Дону', region: 61, regionName: 'Ростовская обл.', code: 'RND' },
  { name: 'Краснодар', region: 23, regionName: 'Краснодарский край', code: 'KRD' },
  { name: 'Уфа', region: 2, regionName: 'Респ. Башкортостан', code: 'UFA' },
  { name: 'Воронеж', region: 36, regionName: 'Воронежская обл.', code: 'VRN' },
  { name: 'Пермь', region: 59, regionName: 'Пермский край', code: 'PRM' },
  { name: 'Красноярск', region: 24, regionName: 'Красноярский край', code: 'KRS' },
  { name: 'Челябинск', region: 74, regionName: 'Челябинская обл.', code: 'CHL' },
  { name: 'Омск', region: 55, regionName: 'Омская обл.', code: 'OMS' },
  { name: 'Тюмень', region: 72, regionName: 'Тюменская обл.', code: 'TMN' },
  { name: 'Иркутск', region: 38, regionName: 'Иркутская обл.', code: 'IRK' },
  { name: 'Владивосток', region: 25, regionName: 'Приморский край', code: 'VVO' },
  { name: 'Калининград', region: 39, regionName: 'Калининградская обл.', code: 'KGD' },
  { name: 'Ярославль', region: 76, regionName: 'Ярославская обл.', code: 'YAR' },
  { name: 'Тверь', region: 69, regionName: 'Тверская обл.', code: 'TVR' },
];

/** [prefix, name]: the name is written after the prefix («ул. Ленина», «пр-т Мира»). */
export const STREETS: readonly (readonly [string, string])[] = [
  ['ул.', 'Ленина'],
  ['ул.', 'Советская'],
  ['пр-т', 'Мира'],
  ['ул.', 'Гагарина'],
  ['ул.', 'Пушкина'],
  ['ул.', 'Лесная'],
  ['ул.', 'Садовая'],
  ['ул.', 'Школьная'],
  ['ул.', 'Молодёжная'],
  ['ул.', 'Центральная'],
  ['ул.', 'Набережная'],
  ['ул.', 'Строителей'],
  ['пр-т', 'Победы'],
  ['ул.', 'Кирова'],
  ['ул.', 'Комсомольская'],
  ['ул.', 'Октябрьская'],
  ['ул.', 'Первомайская'],
  ['ул.', 'Чехова'],
  ['ул.', 'Льва Толстого'],
  ['ул.', 'Маяковского'],
  ['ул.', 'Горького'],
  ['ул.', 'Лермонтова'],
  ['ул.', 'Юбилейная'],
  ['ул.', 'Зелёная'],
  ['ул.', 'Солнечная'],
  ['ул.', 'Спортивная'],
  ['ул.', 'Парковая'],
  ['ул.', 'Фрунзе'],
  ['ул.', 'Куйбышева'],
  ['ул.', 'Калинина'],
  ['ул.', 'Циолковского'],
  ['ул.', 'Королёва'],
  ['ул.', 'Маршала Жукова'],
  ['ул.', 'Рябиновая'],
  ['ул.', 'Берёзовая'],
  ['б-р', 'Космонавтов'],
  ['пер.', 'Почтовый'],
  ['ш.', 'Энтузиастов'],
  ['наб.', 'Речная'],
  ['пр-т', 'Ленинградский'],
];

export const LAST_NAMES: readonly (readonly [string, string])[] = [
  ['Иванов', 'ivanov'],
  ['Смирнов', 'smirnov'],
  ['Кузнецов', 'kuznetsov'],
  ['Попов', 'popov'],
  ['Васильев', 'vasiliev'],
  ['Петров', 'petrov'],
  ['Соколов', 'sokolov'],
  ['Михайлов', 'mikhailov'],
  ['Новиков', 'novikov'],
  ['Фёдоров', 'fedorov'],
  ['Морозов', 'morozov'],
  ['Волков', 'volkov'],
  ['Алексеев', 'alekseev'],
  ['Лебедев', 'lebedev'],
  ['Семёнов', 'semenov'],
  ['Егоров', 'egorov'],
  ['Павлов', 'pavlov'],
  ['Козлов', 'kozlov'],
  ['Степанов', 'stepanov'],
  ['Николаев', 'nikolaev'],
];

export const FIRST_NAMES: readonly (readonly [string, string])[] = [
  ['Александр', 'a'],
  ['Сергей', 's'],
  ['Дмитрий', 'd'],
  ['Андрей', 'a'],
  ['Алексей', 'a'],
  ['Максим', 'm'],
  ['Евгений', 'e'],
  ['Иван', 'i'],
  ['Михаил', 'm'],
  ['Николай', 'n'],
  ['Ольга', 'o'],
  ['Елена', 'e'],
  ['Татьяна', 't'],
  ['Наталья', 'n'],
  ['Анна', 'a'],
];

export const BUYER_NAMES: readonly string[] = [
  'ООО «Домофон-Сервис»',
  'ООО «Умный подъезд»',
  'АО «ГорСвязьТелеком»',
  'ООО «Ключ-Телеком»',
  'ООО «СеверДомофон»',
  'ООО «Электрон-М»',
  'ООО «Цифровой дом»',
  'ООО «ВолгаИнтерком»',
  'ООО «УралДомофон»',
  'ООО «СибирьСвязь»',
  'ООО «Югтелеком»',
  'ООО «Балтик Интерком»',
];

export const MANAGEMENT_COMPANY_NAMES: readonly string[] = [
  'УК «Жилкомсервис»',
  'ТСЖ «Северное»',
  'УК «Комфорт»',
  'УК «Уютный дом»',
  'ТСН «Парковый»',
  'УК «Городская управляющая компания»',
  'ЖСК «Рассвет»',
  'УК «Домоуправление № 3»',
];

export const GROUP_NAMES: readonly string[] = ['Северный район', 'Южный район', 'Центр', 'Новостройки', 'Частный сектор', 'Приоритетные объекты'];

export const PHONES: readonly (readonly [string, string])[] = [
  ['iPhone 13', 'ios'],
  ['iPhone 15 Pro', 'ios'],
  ['Samsung Galaxy A54', 'android'],
  ['Xiaomi Redmi Note 12', 'android'],
  ['HONOR 90', 'android'],
  ['realme 11', 'android'],
  ['Google Pixel 7', 'android'],
];

export const EXECUTOR_NAMES: readonly string[] = [
  'Бригада № 1 (Иванов С.)',
  'Бригада № 2 (Петров А.)',
  'Бригада № 3 (Соколов Д.)',
  'Монтажник Кузнецов М.',
  'Монтажник Волков Е.',
  'Подрядчик ООО «МонтажСтрой»',
];
