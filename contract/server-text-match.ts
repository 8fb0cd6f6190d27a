import { SERVER_TEXTS, serverText, type CodedText, type ServerTextCode, type ServerTextParams } from './server-texts';

/*
 * A refusal written as plain Russian where it is made (`new ApiError(404, `Устройство ${mac} не
 * найдено`)`) is coded on its way out by its text: a sentence of SERVER_TEXTS it is to the letter,
 * or the one template it matches with the values in the places of the parameters.
 */

const PARAMETER = /\{(\w+)\}/g;

/** A text longer than this is no refusal naming a value (and is not run through every pattern). */
export const MAX_MATCHED_TEXT = 1000;

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The template as an anchored pattern, each `{name}` a named group (a repeated one must repeat its value). */
export function templatePattern(template: string): RegExp {
  const seen = new Set<string>();
  let source = '';
  let last = 0;
  for (const match of template.matchAll(PARAMETER)) {
    const name = match[1];
    source += escaped(template.slice(last, match.index));
    source += seen.has(name) ? `\\k<${name}>` : `(?<${name}>.+?)`;
    seen.add(name);
    last = match.index + match[0].length;
  }
  return new RegExp(`^${source}${escaped(template.slice(last))}$`, 'su');
}

const hasParameters = (template: string) => /\{\w+\}/.test(template);
const entries = Object.entries(SERVER_TEXTS) as [ServerTextCode, string][];

/** The code of each sentence without parameters. */
const CODE_OF_PLAIN = new Map(entries.filter(([, template]) => !hasParameters(template)).map(([code, template]) => [template, code]));

let patterns: [ServerTextCode, RegExp][] | undefined;

/** Every parameterised template compiled once, when first needed. */
export function templatePatterns(): readonly [ServerTextCode, RegExp][] {
  patterns ??= entries.filter(([, template]) => hasParameters(template)).map(([code, template]) => [code, templatePattern(template)]);
  return patterns;
}

/** The codes of the parameterised templates `text` matches, each with the values in its places. */
export function templateMatches(text: string): { code: ServerTextCode; params: ServerTextParams }[] {
  if (text.length > MAX_MATCHED_TEXT) return [];
  const found: { code: ServerTextCode; params: ServerTextParams }[] = [];
  for (const [code, pattern] of templatePatterns()) {
    const match = pattern.exec(text);
    if (match) found.push({ code, params: { ...match.groups } });
  }
  return found;
}

/** The literal words of a template (without its `{name}`s): the more, the more particular the template. */
const literalLength = (code: ServerTextCode) => SERVER_TEXTS[code].replace(PARAMETER, '').length;

/**
 * `text` coded: a sentence without parameters it is to the letter, else the template it matches.
 * A template ending in a parameter also fits a longer sentence that begins with it («Пресет для
 * {deviceType} загружен» and «Пресет для устройства типа {type} загружен»): of several, the one
 * with the most literal words, if only one has that many; none or a tie is null. The message is
 * `text` itself, to the byte.
 */
export function codeOfText(text: string): Required<CodedText> | null {
  const plain = CODE_OF_PLAIN.get(text);
  if (plain !== undefined) return serverText(plain);
  const found = templateMatches(text);
  const most = Math.max(...found.map(({ code }) => literalLength(code)));
  const best = found.filter(({ code }) => literalLength(code) === most);
  if (best.length !== 1) return null;
  return { message: text, messageCode: best[0].code, messageParams: best[0].params };
}
