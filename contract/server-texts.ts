import { is, number, optional, record, string, union, type, type Infer } from 'superstruct';

/*
 * The server's own sentences that reach a user later or from the background: what a device or the
 * network equipment answered, why an upload or a port job failed. The server writes them in Russian
 * (`message`, as it always has) and names each with a stable code and its parameters
 * (`messageCode`, `messageParams`), so a client words the code in its user's language. A client
 * that does not know a code shows `message`. Parameters are data (MACs, addresses, numbers), never
 * words of a language.
 */
export const SERVER_TEXTS = {
  'device.error': 'Устройство ответило ошибкой: команда для {mac} не выполнена',
  'device.error.holding': 'Устройство не отдало своё состояние: команда для {mac} не выполнена',
  'device.error.flatRead': 'Устройство отклонило подключение: команда для {mac} не выполнена',
  'device.error.flatUpload': 'Устройство отклонило список квартир: команда для {mac} не выполнена',
  'device.error.commutators': 'Устройство не отдало матрицу коммутации: команда для {mac} не выполнена',
  'device.error.voltage': 'Устройство не отдало напряжение питания: команда для {mac} не выполнена',
  'device.error.external': 'Внешняя система ответила ошибкой: команда для {mac} не выполнена',
  'device.timeout': 'Устройство не ответило за {seconds} с ({mac})',
  'device.timeout.external': 'Внешняя система не ответила за {seconds} с ({mac})',
  'device.unreachable': 'Устройство не отвечает: оно отключено или сброшено ({mac})',
  'device.connectionRefused': 'Устройство {mac} отклонило подключение: оно отключено или сброшено',
  'device.rs485Interrupted': 'Сканирование RS485 прервано: устройство {mac} перестало отвечать',
  'device.lineLevelInterrupted': 'Проверка уровня линии прервана: устройство {mac} перестало отвечать',
  'device.rs485Found': 'Найдено устройств RS485: {count}',
  'device.firmwareInterrupted': 'Обновление прошивки прервано на {percent}%: устройство {mac} перестало отвечать',
  'server.stopping': 'Сервер останавливается',
  'upload.gone': 'Устройство или компания удалены: выгружать нечего',
  'upload.internal': 'Внутренняя ошибка при выгрузке',
  'port.stationUnknown': 'Базовая станция {station} не найдена',
  'port.portUnknown': 'На базовой станции {station} нет порта {port}',
  'port.noDevice': 'На порту {port} базовой станции {station} не отвечает ни одно устройство',
  'portJob.started': 'Задания на порту запущены',
  'portJob.running': 'Задания на порту уже выполняются',
  'portJob.done': 'Выполнено',
  'portJob.internal': 'Внутренняя ошибка при выполнении задания',
  'portJob.connectionReset': 'Порт сбросил соединение во время задания: перезапустите его',
  'portJob.vlanRefused': 'Коммутатор отклонил смену VLAN на порту',
  'portJob.disableNoAnswer': 'Коммутатор не ответил на отключение порта',
  'portJob.enableFailed': 'Порт не поднялся после включения',
  'ddns.done': 'DDNS настроен: {host}',
  'ddns.failed': 'DDNS не настроен: устройство {ip} не ответило',
  'preset.done': 'Пресет для {deviceType} загружен',
  'preset.doneForType': 'Пресет для устройства типа {type} загружен',
  'preset.failed': 'Пресет не загружен: устройство {url} не ответило',
  'adjuster.deviceCreated': 'Устройство создано',
  'adjuster.deviceMoved': 'Устройство уже было зарегистрировано: привязка к порту обновлена',
  'adjuster.deviceRegistered': 'Устройство зарегистрировано',
  'adjuster.houseBound': 'Устройство привязано к дому: {address}',
  'adjuster.groupBound': 'Устройство добавлено в группу «{group}»',
  'panel.timeout': 'устройство не ответило вовремя ({mac})',
  'panel.timeout.detail': 'устройство не ответило вовремя: {detail} ({mac})',
  'panel.unreachable': 'нет связи с устройством ({mac})',
  'panel.unreachable.detail': 'нет связи с устройством: {detail} ({mac})',
  'panel.auth': 'неверный логин или пароль устройства ({mac})',
  'panel.auth.detail': 'неверный логин или пароль устройства: {detail} ({mac})',
  'panel.refused': 'устройство отклонило команду ({mac})',
  'panel.refused.detail': 'устройство отклонило команду: {detail} ({mac})',
  'panel.garbled': 'ответ устройства не удалось разобрать ({mac})',
  'panel.garbled.detail': 'ответ устройства не удалось разобрать: {detail} ({mac})',
  'panel.unsupported': 'драйвер устройства этого не умеет ({mac})',
  'panel.unsupported.detail': 'драйвер устройства этого не умеет: {detail} ({mac})',
  'panel.addressNotAllowed': 'адрес устройства вне разрешённых сетей (DEVICE_NETWORKS) ({mac})',
  'panel.addressNotAllowed.detail': 'адрес устройства вне разрешённых сетей (DEVICE_NETWORKS): {detail} ({mac})',
  'panel.badAddress': 'у устройства нет корректного адреса (url) ({mac})',
  'panel.badAddress.detail': 'у устройства нет корректного адреса (url): {detail} ({mac})',
  'panel.noDriver': 'для этого типа устройств нет драйвера ({mac})',
  'panel.noDriver.detail': 'для этого типа устройств нет драйвера: {detail} ({mac})',
  'panel.secretUnreadable': 'пароль устройства не удалось расшифровать ({mac})',
  'panel.secretUnreadable.detail': 'пароль устройства не удалось расшифровать: {detail} ({mac})',
  'doorCode.added': 'Код добавлен',
  'doorCode.added.owed': 'Код добавлен; запись ждёт отправки на устройство',
  'doorCode.added.owedBecause': 'Код добавлен; запись ждёт отправки на устройство: {reason}',
  'doorCode.changed': 'Код изменён',
  'doorCode.changed.owed': 'Код изменён; запись ждёт отправки на устройство',
  'doorCode.changed.owedBecause': 'Код изменён; запись ждёт отправки на устройство: {reason}',
  'doorCode.removed': 'Код удалён',
  'doorCode.removed.owed': 'Код удалён; запись ждёт отправки на устройство',
  'doorCode.removed.owedBecause': 'Код удалён; запись ждёт отправки на устройство: {reason}',
  'keyless.written': 'Код записан на все устройства',
  'keyless.savedOwed': 'Код сохранён; ждёт отправки на устройства: {count}',
  'keyless.notWritten': 'Не удалось записать на устройств: {count}',
  'keyless.removed': 'Код удалён со всех устройств',
  'keyless.removedOwed': 'Код удалён; ждёт стирания на устройствах: {macs}',
  'flat.settingsSaved': 'Настройки квартиры записаны в устройства и сохранены',
  'flat.settingsSaved.owed': 'Настройки квартиры сохранены; запись ждёт отправки на устройство',
  'flat.settingsSaved.owedBecause': 'Настройки квартиры сохранены; запись ждёт отправки на устройство: {reason}',
  'key.added': 'Ключ добавлен',
  'key.added.owed': 'Ключ добавлен; запись ждёт отправки на устройство',
  'key.added.owedBecause': 'Ключ добавлен; запись ждёт отправки на устройство: {reason}',
  'key.secured': 'Ключ переведён в режим безопасности',
  'key.secured.owed': 'Ключ переведён в режим безопасности; изменение ждёт отправки на устройство',
  'key.secured.owedBecause': 'Ключ переведён в режим безопасности; изменение ждёт отправки на устройство: {reason}',
  'key.unsecured': 'Ключ выведен из режима безопасности',
  'key.unsecured.owed': 'Ключ выведен из режима безопасности; изменение ждёт отправки на устройство',
  'key.unsecured.owedBecause': 'Ключ выведен из режима безопасности; изменение ждёт отправки на устройство: {reason}',
  'key.removed': 'Ключ удалён',
  'key.removed.owed': 'Ключ удалён; удаление ждёт отправки на устройство',
  'key.removed.owedBecause': 'Ключ удалён; удаление ждёт отправки на устройство: {reason}',
  'key.rsRemoved': 'Ключ удалён с контроллера RS485',
  'key.rsRemoved.owed': 'Ключ удалён с контроллера RS485; удаление ждёт отправки на устройство',
  'key.rsRemoved.owedBecause': 'Ключ удалён с контроллера RS485; удаление ждёт отправки на устройство: {reason}',
  'key.removal.owed': 'удаление ждёт отправки на устройство',
  'key.removal.owedBecause': 'удаление ждёт отправки на устройство: {reason}',
  'keys.processed': 'Обработано ключей: {processed}, с ошибкой: {failed}',
  'keys.processed.owed': 'Обработано ключей: {processed}, с ошибкой: {failed}; изменение ждёт отправки на устройство',
  'keys.processed.owedBecause': 'Обработано ключей: {processed}, с ошибкой: {failed}; изменение ждёт отправки на устройство: {reason}',
  'commutators.saved': 'Матрица коммутации сохранена',
  'commutators.saved.owed': 'Матрица коммутации сохранена; запись ждёт отправки на устройство',
  'commutators.saved.owedBecause': 'Матрица коммутации сохранена; запись ждёт отправки на устройство: {reason}',
  'import.interrupted': 'Импорт прерван',
  'refusal.notFound': 'Не найдено',
  'refusal.unauthorized': 'Требуется вход в систему',
  'refusal.forbidden': 'Недостаточно прав для этого действия',
  'refusal.csrf': 'Отсутствует или неверный CSRF-токен: обновите страницу и повторите',
  'refusal.idempotencyInProgress': 'Запрос с этим ключом идемпотентности ещё выполняется: повторите позже',
  'refusal.invalidJson': 'Некорректный JSON в теле запроса',
  'refusal.emptyJson': 'Пустое тело запроса с типом application/json',
  'refusal.mediaType': 'Неподдерживаемый тип содержимого: ожидается application/json',
  'refusal.tooLarge': 'Слишком большое тело запроса',
  'refusal.badUrl': 'Некорректный запрос: в адресе недопустимая %-последовательность',
  'refusal.paramTooLong': 'Слишком длинный параметр в адресе запроса: не больше {max} символов',
  'refusal.badRequest': 'Некорректный запрос',
  'refusal.internal': 'Внутренняя ошибка сервера',
  'refusal.badCredentials': 'Неверный логин или пароль',
  'refusal.idempotencyBadKey': 'Некорректный заголовок Idempotency-Key: ожидается от 1 до 255 видимых символов ASCII',
  'refusal.idempotencyOtherBody': 'Ключ Idempotency-Key уже использован для другого запроса: создайте новый ключ',
  'notFound.house': 'Дом не найден',
  'notFound.entrance': 'Подъезд не найден',
  'notFound.flat': 'Квартира не найдена',
  'notFound.device': 'Устройство не найдено',
  'notFound.deviceKey': 'Ключ не найден на устройстве',
  'notFound.user': 'Пользователь не найден',
  'notFound.group': 'Группа не найдена',
  'notFound.company': 'Управляющая компания не найдена',
  'notFound.buyer': 'Покупатель не найден',
  'notFound.importJob': 'Задание импорта не найдено',
  'notFound.userSip': 'SIP-аккаунт пользователя не найден',
  'notFound.userDevice': 'Устройство пользователя не найдено',
  'conflict.uploadRunning': 'Выгрузка этой компании уже идёт: дождитесь её окончания',
  'conflict.companyDisabled': 'Компания отключена: выгрузка на устройства недоступна',
  'conflict.rs485Running': 'Сканирование RS485 этого устройства уже идёт',
  'conflict.moveOutCancelled': 'Выселение уже отменено',
  'conflict.moveOutExpired': 'Срок отмены выселения истёк',
  'conflict.keylessExpired': 'Срок действия кода истёк: повторять запись незачем',
  'conflict.importRunning': 'Импорт ещё идёт: результат будет готов, когда он закончится',
  'notFound.deviceMac': 'Устройство не найдено: {mac}',
  'notFound.deviceNamed': 'Устройство {mac} не найдено',
  'notFound.devices': 'Устройства не найдены: {macs}',
  'notFound.companyDevice': 'Устройство {mac} не найдено среди устройств домов компании',
  'notFound.houseUid': 'Дом не найден: {house}',
  'notFound.houseFias': 'Дом с ФИАС {fias} не найден',
  'notFound.flatNum': 'Квартира не найдена: {flatNum}',
  'notFound.deviceFlat': 'Квартира {flatNum} не найдена среди квартир устройства {mac}',
  'notFound.deviceKeyValue': 'Ключ не найден на устройстве: {value}',
  'notFound.doorCode': 'Код {id} не найден на устройстве {mac}',
  'notFound.keyless': 'Код бесключевого доступа {id} не найден',
  'notFound.groupId': 'Группа {id} не найдена',
  'notFound.job': 'Задание {id} не найдено',
  'notFound.lineCheck': 'Проверка уровня линии {taskId} этого устройства не найдена',
  'notFound.snapshot': 'Снимок {id} не найден',
  'notFound.installer': 'Монтажник {userId} не найден',
  'notFound.moveOut': 'Выселение {id} у этой квартиры не найдено',
  'notFound.flatSection': 'Неизвестный раздел квартиры: {section}',
  'notFound.flatEntrance': 'Подъезд {entrance} не относится к квартире',
  'notFound.flatUser': 'Пользователь {userId} не привязан к квартире',
  'notFound.reason': 'Причина не найдена: id {id}',
  'notFound.action': 'Действие не найдено: id {id}',
  'conflict.deviceExists': 'Устройство с MAC-адресом {mac} уже существует',
  'conflict.deviceRegistered': 'Устройство с MAC-адресом {mac} уже зарегистрировано',
  'conflict.serialRegistered': 'Устройство с серийным номером {serial} уже зарегистрировано',
  'conflict.wizardOwnSettings': 'Устройство {mac} уже есть на сервере со своими настройками, а мастер заполнен без них',
  'conflict.deviceTakesNoKeys': 'Устройство {mac} не принимает ключи',
  'conflict.deviceTakesNoRsKeys': 'Устройство {mac} не принимает ключи на контроллерах RS485',
  'conflict.houseExists': 'Дом с идентификатором {id} уже существует',
  'conflict.houseHasDevices': 'Дом нельзя удалить: к нему привязаны устройства ({count})',
  'conflict.groupHasChildren': 'Группу нельзя удалить: в ней вложенных групп — {count}. Сначала перенесите или удалите их',
  'conflict.flatExists': 'Квартира {flatNum} в этом доме уже есть',
  'conflict.flatUserLinked': 'Пользователь {userId} уже привязан к квартире',
  'conflict.loginTaken': 'Некорректное поле login: логин {login} уже занят',
  'conflict.userSipLoginTaken': 'Некорректное поле data.login: SIP-логин {login} уже занят',
  'conflict.sipLoginTaken': 'SIP-логин {login} уже занят другим аккаунтом',
  'conflict.buyerExists': 'Некорректное поле name: покупатель «{name}» уже существует',
  'conflict.companyExists': 'Управляющая компания с internalId «{internalId}» у этого покупателя уже есть',
  'conflict.reasonExists': 'Причина с таким названием уже есть: «{name}»',
  'conflict.actionExists': 'Действие с таким названием уже есть: «{name}»',
  'conflict.firmwareRunning': 'Обновление прошивки до {version} уже идёт ({percent}%)',
  'conflict.keyExists': 'Ключ {value} уже есть на устройстве {mac}',
  'conflict.rsKeyExistsInner': 'Ключ {value} уже есть на контроллерах RS485 устройства {mac} (внутренний)',
  'conflict.rsKeyExistsOuter': 'Ключ {value} уже есть на контроллерах RS485 устройства {mac} (внешний)',
  'conflict.keySecured': 'Ключ {value} уже в режиме безопасности',
  'conflict.keyNotSecured': 'Ключ {value} уже не в режиме безопасности',
  'conflict.doorCodeOfFlat': 'Код {code} занят: код уже у квартиры {flatNum}',
  'conflict.doorCodeCommon': 'Код {code} занят: код уже общий код устройства',
  'conflict.doorCodeOnDevices': 'Код {code} занят на устройствах: {macs}',
  'conflict.flatHasDoorCode': 'У квартиры {flatNum} уже есть код: измените его',
  'conflict.deviceHasDoorCode': 'У устройства уже есть общий код: измените его',
  'conflict.doorCodeRaceDevice': 'Код {code} или код устройства только что добавлен другим запросом',
  'conflict.doorCodeRaceFlat': 'Код {code} или код квартиры {flatNum} только что добавлен другим запросом',
  'refusal.loginAttempts': 'Слишком много неудачных попыток входа. Повторите через {minutes} мин.',
  'refusal.grantForeign': 'Нельзя выдать или отозвать {names}: у вас самих нет этой роли или разрешения',
  'refusal.revokeOwn': 'Нельзя отозвать у себя {names}: вы потеряете доступ к пользователям и их правам',
  'refusal.roleForeign': 'Некорректное поле {field}: нельзя выдать или снять роль, которой у вас нет: {roles}',
  'validation.maxLength': 'Некорректное поле {field}: не длиннее {max} символов',
  'validation.intRange': 'Некорректное поле {field}: ожидается целое число от {min} до {max}',
  'validation.oneOf': 'Некорректное поле {field}: допустимые значения: {values}',
  'validation.string': 'Некорректное поле {field}: ожидается строка',
  'validation.nonEmpty': 'Некорректное поле {field}: ожидается непустая строка',
  'validation.buyerUnknown': 'Некорректное поле buyerId: покупатель {buyerId} не найден',
  'validation.housesUnknown': 'Некорректное поле houses: дома не найдены: {houses}',
  'validation.groupsUnknown': 'Некорректное поле groups: группы не найдены: {groups}',
  'validation.parentUnknown': 'Некорректное поле parentId: группа {parentId} не найдена',
  'validation.userUnknown': 'Некорректное поле userId: пользователь {userId} не найден',
  'validation.macMismatch': 'Некорректное поле mac: {mac} не совпадает с устройством в адресе запроса ({pathMac})',
} as const;

export type ServerTextCode = keyof typeof SERVER_TEXTS;

/**
 * A write's sentence that may add «… ждёт отправки на устройство» (docs/api.md "Device sync"):
 * `code` when its devices took it, `code.owed` when one has not yet (no reason so far) and
 * `code.owedBecause` with the device's `reason`.
 */
export type OwedWriteCode = {
  [K in ServerTextCode]: `${K}.owed` extends ServerTextCode ? (`${K}.owedBecause` extends ServerTextCode ? K : never) : never;
}[ServerTextCode];

/** A parameter of a coded sentence: a value, not a word. */
export const ServerTextParams = record(string(), union([string(), number()]));
export type ServerTextParams = Infer<typeof ServerTextParams>;

/**
 * A sentence as a client receives it: the Russian text, and (from this server) its code and
 * parameters. Another back end may send the text alone.
 */
export const CodedText = type({ message: string(), messageCode: optional(string()), messageParams: optional(ServerTextParams) });
export type CodedText = Infer<typeof CodedText>;

/** The code and parameters answers carry next to their `message` (optional: other back ends send none). */
export const CODED_MESSAGE_FIELDS = { messageCode: optional(string()), messageParams: optional(ServerTextParams) };

/** The coded message of an answer, or null when it has none (no code, or no message to fall back on). */
export function codedMessageOf(body: unknown): CodedText | null {
  if (!is(body, CodedText) || body.messageCode === undefined) return null;
  return { message: body.message, messageCode: body.messageCode, messageParams: body.messageParams ?? {} };
}

/** A plain text (another back end's, or not coded yet) as a coded one without a code. */
export function asCodedText(text: string | CodedText): CodedText {
  return typeof text === 'string' ? { message: text } : text;
}

/** `{name}` replaced by its parameter; an unknown name stays as it is. */
export function fillTemplate(template: string, params: ServerTextParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : match));
}

/** The server's sentence `code` with its parameters: the Russian text and what names it. */
export function serverText(code: ServerTextCode, params: ServerTextParams = {}): Required<CodedText> {
  return { message: fillTemplate(SERVER_TEXTS[code], params), messageCode: code, messageParams: params };
}

/**
 * A parameter that is itself a coded sentence (a device's reason inside a write's note): its
 * Russian text as `name` (so the template fills in Russian), its code as `nameCode` and its
 * parameters as `name.param`. A client words it first and puts that in `{name}`.
 */
export function nestText(name: string, text: CodedText): ServerTextParams {
  const params: ServerTextParams = { [name]: text.message };
  if (text.messageCode === undefined) return params;
  params[`${name}Code`] = text.messageCode;
  for (const [key, value] of Object.entries(text.messageParams ?? {})) params[`${name}.${key}`] = value;
  return params;
}

/** The coded sentence `nestText` put in `params` under `name`; undefined when there is none. */
export function nestedText(params: ServerTextParams, name: string): CodedText | undefined {
  if (!Object.hasOwn(params, name)) return undefined;
  const message = String(params[name]);
  const code = params[`${name}Code`];
  if (typeof code !== 'string') return { message };
  const prefix = `${name}.`;
  const nested = Object.entries(params).filter(([key]) => key.startsWith(prefix));
  return { message, messageCode: code, messageParams: Object.fromEntries(nested.map(([key, value]) => [key.slice(prefix.length), value])) };
}

/** The parameters to fill a template with, each nested sentence (`nameCode`) replaced by `word` of it. */
export function wordNested(params: ServerTextParams, word: (text: CodedText) => string): ServerTextParams {
  const worded: ServerTextParams = {};
  for (const [key, value] of Object.entries(params)) {
    const nested = typeof params[`${key}Code`] === 'string' ? nestedText(params, key) : undefined;
    worded[key] = nested === undefined ? value : word(nested);
  }
  return worded;
}
