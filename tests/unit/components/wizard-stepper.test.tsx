import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createTheme } from '@mui/material/styles';
import { WizardStepper } from '@/components/wizard/wizard-stepper';

const steps = [
  { id: 'port', label: 'Порт' },
  { id: 'entrance', label: 'Подъезд', error: true },
  { id: 'jobs', label: 'Задания', disabled: true },
] as const;

const six = ['Порт', 'Подъезд', 'Задания', 'Устройство', 'Настройка', 'Привязка'].map((label, index) => ({ id: index + 1, label }));

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

  it('shows the error for everyone: a line under the steps names each step to correct, in the error colour', () => {
    render(
      <WizardStepper
        label="Шаги мастера"
        steps={[{ id: 'a', label: 'Устройство', error: true }, { id: 'b', label: 'Адрес' }, { id: 'c', label: 'Доступ', error: true }]}
        active="a"
        onSelect={() => undefined}
      />,
    );
    // No text given: the shared default.
    const line = screen.getByText('Есть поля для исправления').parentElement as HTMLElement;
    expect(line.textContent).toBe('Есть поля для исправления: Устройство, Доступ');
    expect(line.getAttribute('aria-hidden')).toBeNull();
    expect(getComputedStyle(line.closest('.MuiTypography-root') as HTMLElement).color).toBe(createTheme().palette.error.main);
    const marks = screen.getAllByText('!');
    // One on each step to correct, one before the line.
    expect(marks).toHaveLength(3);
  });

  it('shows no error line while no step has an error', () => {
    render(<WizardStepper label="Шаги мастера" steps={[{ id: 'a', label: 'Устройство' }]} active="a" onSelect={() => undefined} />);
    expect(screen.queryByText(/Есть поля для исправления/)).toBeNull();
    expect(screen.queryByText('!')).toBeNull();
  });

  // jsdom applies the styles from 600 px on (a desktop); the e2e tests see the phone (390 px).
  it('with six steps, names the open one under the numbers, «Шаг 3 из 6 · Задания», for a phone; a desktop names every step instead', () => {
    render(<WizardStepper label="Шаги мастера" steps={six} active={3} onSelect={() => undefined} />);
    expect(screen.getByRole('button', { name: '3. Задания' }).getAttribute('aria-current')).toBe('step');
    expect(getComputedStyle(screen.getByText('Шаг 3 из 6 · Задания')).display).toBe('none');
    expect(getComputedStyle(within(screen.getByRole('button', { name: '3. Задания' })).getByText('Задания')).display).toBe('block');
  });

  it('with four steps or fewer, every name is under its number, with no extra line', () => {
    render(<WizardStepper label="Шаги мастера" steps={steps} active="port" onSelect={() => undefined} />);
    expect(screen.queryByText(/^Шаг \d из \d/)).toBeNull();
  });
});
