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
} as const;

export type ServerTextCode = keyof typeof SERVER_TEXTS;

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
