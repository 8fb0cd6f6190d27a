import { describe, expect, it } from 'vitest';
import { chipLabel, leavesJobs, logoutWarning } from '@/app/header/outbox-words';
import { translate, type Translate } from '@/i18n/i18n';

const ru: Translate = (key, params) => translate('ru', key, params);

describe('the header’s words for jobs not yet sent', () => {
  it('the chip counts the waiting jobs, and those needing attention apart and only when there are any', () => {
    expect(chipLabel(ru, 'В сети', { waiting: 3, attention: 0 })).toBe('В сети, ждут отправки: 3');
    expect(chipLabel(ru, 'Нет связи', { waiting: 0, attention: 2 })).toBe('Нет связи, ждут отправки: 0, требуют внимания: 2');
  });

  it('the logout warning promises sending only for the waiting jobs', () => {
    expect(logoutWarning(ru, { waiting: 2, attention: 0 })).toBe(
      'Ждут отправки: 2. Эти задания останутся на этом устройстве и уйдут на сервер сами, когда вы снова войдёте под этой учётной записью.',
    );
    const attention = logoutWarning(ru, { waiting: 0, attention: 1 });
    expect(attention).toMatch(/^Требуют внимания: 1\. Такие задания сервер не принял, и сами они отправлены не будут/);
    expect(attention).not.toMatch(/уйдут на сервер сами|будут отправлены/);
  });

  it('a logout warns when any job, waiting or needing attention, stays behind', () => {
    expect(leavesJobs({ waiting: 0, attention: 0 })).toBe(false);
    expect(leavesJobs({ waiting: 0, attention: 1 })).toBe(true);
    expect(leavesJobs({ waiting: 1, attention: 0 })).toBe(true);
  });
});
