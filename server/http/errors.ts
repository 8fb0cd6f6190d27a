/** An answer other than success, rendered by the error handler as `{ result: false, message }`. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.headers = headers;
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
