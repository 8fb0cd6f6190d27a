import { ThemeProvider } from '@mui/material/styles';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { fireEvent, render, screen } from '@testing-library/react';
import { ruRU as pickersRu } from '@mui/x-date-pickers/locales';
import { ru } from 'date-fns/locale/ru';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createAppTheme } from '@/app/theme';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DateFilter } from '@/components/date-filter/date-filter';
import { SearchableSelect } from '@/components/searchable-select';
import { setPreferences } from '@/lib/preferences';

const OPTIONS = [
  { value: 'Europe/Moscow', label: 'Москва' },
  { value: 'Asia/Omsk', label: 'Омск' },
  { value: 'Asia/Vladivostok', label: 'Владивосток' },
];

function Select({ onChange }: { onChange: (value: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <SearchableSelect
      label="Часовой пояс"
      options={OPTIONS}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('SearchableSelect', () => {
  it('filters by typed text and picks with the keyboard', () => {
    const onChange = vi.fn();
    render(
      <ThemeProvider theme={createAppTheme('ru')}>
        <Select onChange={onChange} />
      </ThemeProvider>,
    );
    const input = screen.getByRole('combobox', { name: 'Часовой пояс' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'вла' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Владивосток']);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('Asia/Vladivostok');
    expect((input as HTMLInputElement).value).toBe('Владивосток');
  });

  it('says so in Russian when nothing matches', () => {
    render(<Select onChange={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Часовой пояс' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Лондон' } });
    expect(screen.getByText('Нет вариантов')).toBeTruthy();
  });
});

describe('ConfirmDialog', () => {
  it('acts only on confirmation', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDialog open title="Удалить дом?" text="Это действие нельзя отменить." confirmLabel="Удалить" danger onConfirm={onConfirm} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Удалить дом?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

describe('DateFilter', () => {
  it('shows the value in the user zone, Russian format, 24-hour clock', () => {
    setPreferences({ timezone: 'Europe/Moscow' });
    render(
      <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={ru} localeText={pickersRu.components.MuiLocalizationProvider.defaultProps.localeText}>
        <DateFilter label="С" value="2024-05-01T19:05:00.000Z" onChange={vi.fn()} withTime />
        <DateFilter label="По" value="" onChange={vi.fn()} bound="end" />
      </LocalizationProvider>,
    );
    const from = screen.getByRole('group', { name: 'С' });
    expect(from.textContent?.replace(/[\u2066-\u2069\u200e]/g, '')).toContain('01.05.2024 22:05');
    expect(screen.getByRole('group', { name: 'По' }).textContent?.replace(/[\u2066-\u2069\u200e]/g, '')).toContain('ДД.ММ.ГГГГ');
  });
});
