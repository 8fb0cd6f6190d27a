import { asCodedText, type CodedText } from '../../contract/server-texts';

/**
 * An answer other than success, rendered by the error handler as `{ result: false, message }`; a
 * coded text (contract/server-texts.ts) adds its `messageCode` and `messageParams`.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly text: CodedText;

  constructor(statusCode: number, message: string | CodedText, headers: Record<string, string> = {}) {
    const text = asCodedText(message);
    super(text.message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.headers = headers;
    this.text = text;
  }
}

/** The longest path parameter the router takes (Fastify's `maxParamLength`); a longer one is a 414. */
export const MAX_PATH_PARAM_LENGTH = 100;

export const MESSAGES = {
  unauthorized: 'Требуется вход в систему',
  forbidden: 'Недостаточно прав для этого действия',
  csrf: 'Отсутствует или неверный CSRF-токен: обновите страницу и повторите',
  notFound: 'Не найдено',
  invalidJson: 'Некорректный JSON в теле запроса',
  emptyJson: 'Пустое тело запроса с типом application/json',
  mediaType: 'Неподдерживаемый тип содержимого: ожидается application/json',
  tooLarge: 'Слишком большое тело запроса',
  badUrl: 'Некорректный запрос: в адресе недопустимая %-последовательность',
  uriTooLong: 'Слишком длинный адрес запроса',
  paramTooLong: `Слишком длинный параметр в адресе запроса: не больше ${MAX_PATH_PARAM_LENGTH} символов`,
  headersTooLarge: 'Слишком большие заголовки запроса',
  requestTimeout: 'Запрос не пришёл целиком вовремя',
  badHttp: 'Некорректный HTTP-запрос',
  badRequest: 'Некорректный запрос',
  internal: 'Внутренняя ошибка сервера',
  badCredentials: 'Неверный логин или пароль',
  loggedOut: 'Выход выполнен',
} as const;
