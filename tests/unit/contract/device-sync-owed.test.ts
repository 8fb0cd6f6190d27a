import { describe, expect, it } from 'vitest';
import { OWED_NOTE, owedReason } from '@contract/device-sync';

describe('owedReason: a write stored but not yet taken by its device (docs/api.md "Device sync")', () => {
  it('answers the device’s reason after the note, empty when none was given, undefined when the write went through', () => {
    expect(owedReason(`Ключ удалён; удаление ${OWED_NOTE}: Устройство ответило ошибкой: команда не выполнена`)).toBe('Устройство ответило ошибкой: команда не выполнена');
    expect(owedReason(`Матрица коммутации сохранена; запись ${OWED_NOTE}`)).toBe('');
    expect(owedReason('Ключ удалён')).toBeUndefined();
    expect(owedReason(null)).toBeUndefined();
    expect(owedReason(undefined)).toBeUndefined();
  });
});
