import { describe, expect, it } from 'vitest';
import { MAX_MATCHED_TEXT, codeOfText, templateMatches, templatePattern, templatePatterns } from '@contract/server-text-match';
import { SERVER_TEXTS, fillTemplate, type ServerTextCode, type ServerTextParams } from '@contract/server-texts';

const codes = Object.keys(SERVER_TEXTS) as ServerTextCode[];
const namesOf = (template: string) => [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]))];
const literal = (code: ServerTextCode) => SERVER_TEXTS[code].replace(/\{\w+\}/g, '').length;
const sampleParams = (template: string): ServerTextParams => Object.fromEntries(namesOf(template).map((name, index) => [name, `${name}-${index + 7}`]));

describe('a refusal coded by its text', () => {
  it('compiles every template with parameters into an anchored pattern', () => {
    expect(templatePatterns().length).toBe(codes.filter((code) => namesOf(SERVER_TEXTS[code]).length > 0).length);
    for (const [code, pattern] of templatePatterns()) {
      expect(pattern.test(fillTemplate(SERVER_TEXTS[code], sampleParams(SERVER_TEXTS[code]))), code).toBe(true);
      expect(pattern.source.startsWith('^') && pattern.source.endsWith('$'), code).toBe(true);
    }
  });

  it('matches each filled template back to its own code and parameters', () => {
    for (const code of codes) {
      const params = sampleParams(SERVER_TEXTS[code]);
      const message = fillTemplate(SERVER_TEXTS[code], params);
      expect(codeOfText(message), code).toEqual({ message, messageCode: code, messageParams: params });
    }
  });

  it('has no two templates for one text but where one is a more particular sentence of the other', () => {
    // Such a text is the more particular sentence (codeOfText takes the template with more literal words); any other overlap is a mistake.
    const shared = codes.filter((code) => templateMatches(fillTemplate(SERVER_TEXTS[code], sampleParams(SERVER_TEXTS[code]))).length > 1);
    expect(shared).toEqual(['preset.doneForType', 'keys.processed.owed', 'keys.processed.owedBecause']);
    for (const code of shared) {
      const others = templateMatches(fillTemplate(SERVER_TEXTS[code], sampleParams(SERVER_TEXTS[code]))).filter((found) => found.code !== code);
      for (const other of others) expect(literal(other.code) < literal(code), `${code} / ${other.code}`).toBe(true);
    }
  });

  it('takes the values as the route wrote them, the message to the byte', () => {
    const message = 'Код 17 не найден на устройстве AA:BB:CC:DD:EE:01';
    expect(codeOfText(message)).toEqual({ message, messageCode: 'notFound.doorCode', messageParams: { id: '17', mac: 'AA:BB:CC:DD:EE:01' } });
    // A sentence without parameters wins over a template it also fits («Устройство {mac} не найдено»).
    expect(codeOfText('Устройство пользователя не найдено')?.messageCode).toBe('notFound.userDevice');
    expect(codeOfText('Устройство AA:BB не найдено')).toEqual({ message: 'Устройство AA:BB не найдено', messageCode: 'notFound.deviceNamed', messageParams: { mac: 'AA:BB' } });
  });

  it('leaves a text that matches no template, or is too long to be a refusal naming a value, without a code', () => {
    expect(codeOfText('Своя ошибка другого сервера')).toBeNull();
    expect(codeOfText(`Устройство ${'A'.repeat(MAX_MATCHED_TEXT)} не найдено`)).toBeNull();
  });

  it('makes a repeated parameter repeat its value', () => {
    const pattern = templatePattern('{a} и снова {a}');
    expect(pattern.exec('x и снова x')?.groups).toEqual({ a: 'x' });
    expect(pattern.test('x и снова y')).toBe(false);
  });
});
