/**
 * JSON already written, sent as it is: a list page whose rows the database returns as JSON text
 * (houses are stored as JSON) would otherwise be parsed into objects only to be serialized again.
 * `T` is what the text decodes to, so a handler still answers its endpoint's type.
 */
export class JsonText<T> {
  declare readonly decodesTo: T;

  constructor(readonly text: string) {}
}

/** An object whose members are values or JSON text, serialized as one JSON object. */
export function jsonObject<T extends object>(members: { [K in keyof T]: T[K] | JsonText<T[K]> }): JsonText<T> {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(members)) {
    if (value === undefined) continue;
    parts.push(`${JSON.stringify(key)}:${value instanceof JsonText ? value.text : JSON.stringify(value)}`);
  }
  return new JsonText<T>(`{${parts.join(',')}}`);
}

/** Items already written as JSON, as one array. */
export function jsonArray<T>(items: readonly JsonText<T>[]): JsonText<T[]> {
  return new JsonText<T[]>(`[${items.map((item) => item.text).join(',')}]`);
}
