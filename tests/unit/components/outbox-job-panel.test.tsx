import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OutboxJobPanel, type WizardJobState } from '@/components/wizard/outbox-job-panel';
import type { FeatureTranslate } from '@/i18n/i18n';
import { makeJob } from '../offline/helpers';
import { renderWithApp } from '../helpers/render';

const WIZARD_TEXTS: Record<string, string> = {
  'test.job.label': 'Состояние отправки',
  'test.job.queued.online': 'Заявка отправляется автоматически.',
  'test.job.queued.offline': 'Нет связи: заявка уйдёт, когда связь появится.',
};
const t = ((key: string) => WIZARD_TEXTS[key] ?? key) as FeatureTranslate<`test.${string}`>;

function wizard(online: boolean): WizardJobState {
  const job = makeJob({ attempts: 2, nextAttemptAt: Date.UTC(2100, 0, 15, 9, 1, 0), lastError: 'Нет связи с сервером' });
  return { view: { state: 'queued', job }, online, hasRuntime: true, sendNow: vi.fn(async () => undefined), removeDraft: vi.fn(async () => undefined) };
}

afterEach(() => vi.restoreAllMocks());

describe('a wizard’s outbox panel', () => {
  it('online: the attempts so far, the time of the next one, and «Отправить сейчас»', () => {
    renderWithApp(<OutboxJobPanel wizard={wizard(true)} t={t} prefix="test" onStartNew={() => undefined} />);
    screen.getByText(/Заявка отправляется автоматически\. Попыток: 2, следующая — 15\.01\.2100, 12:01:00\./);
    screen.getByRole('button', { name: 'Отправить сейчас' });
  });

  it('offline: no time it cannot keep, and no «Отправить сейчас»', () => {
    renderWithApp(<OutboxJobPanel wizard={wizard(false)} t={t} prefix="test" onStartNew={() => undefined} />);
    const detail = screen.getByText(/Нет связи: заявка уйдёт, когда связь появится\./);
    expect(detail.textContent).toContain('Попыток: 2; следующая — когда появится сеть.');
    expect(detail.textContent).not.toMatch(/2100|сейчас/);
    expect(screen.queryByRole('button', { name: 'Отправить сейчас' })).toBeNull();
  });
});
