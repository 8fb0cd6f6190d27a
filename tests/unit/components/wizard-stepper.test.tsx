import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WizardStepper } from '@/components/wizard/wizard-stepper';

const steps = [
  { id: 'port', label: 'Порт' },
  { id: 'entrance', label: 'Подъезд', error: true },
  { id: 'jobs', label: 'Задания', disabled: true },
] as const;

describe('WizardStepper', () => {
  it('names each step "n. label", marks the open one and reads an error after the name', () => {
    const onSelect = vi.fn();
    render(<WizardStepper label="Шаги мастера" errorText="Есть поля для исправления" steps={steps} active="entrance" onSelect={onSelect} />);
    const list = screen.getByRole('list', { name: 'Шаги мастера' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual(['1. Порт', '2. Подъезд', '3. Задания']);
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);

    const entrance = screen.getByRole('button', { name: '2. Подъезд' });
    expect(entrance.getAttribute('aria-current')).toBe('step');
    expect(entrance).toHaveProperty('textContent', '!Подъезд');
    expect(screen.getByRole('button', { name: '2. Подъезд', description: 'Есть поля для исправления' })).toBe(entrance);
    expect(screen.getByRole('button', { name: '1. Порт' }).getAttribute('aria-describedby')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '1. Порт' }));
    expect(onSelect).toHaveBeenCalledWith('port');
    const jobs = screen.getByRole('button', { name: '3. Задания' });
    expect(jobs).toHaveProperty('disabled', true);
  });
});
