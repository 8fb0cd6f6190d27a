import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppTheme } from '@/app/theme';
import { ScanLabelButton } from '@/components/label-scanner/scan-label-button';

function renderButton(onScan = vi.fn()) {
  render(
    <ThemeProvider theme={createAppTheme('ru')}>
      <ScanLabelButton want={['serialNumber', 'mac']} onScan={onScan} />
    </ThemeProvider>,
  );
  return onScan;
}

describe('ScanLabelButton', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is a labelled button; the scanner loads only when pressed', async () => {
    renderButton();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Сканировать этикетку' }));
    const dialog = await screen.findByRole('dialog', { name: 'Сканирование этикетки' });
    expect(within(dialog).getByText('Серийный номер ещё не найден')).toBeTruthy();
    expect(within(dialog).getByText('MAC-адрес ещё не найден')).toBeTruthy();
    // Nothing read yet: nothing to use.
    expect((within(dialog).getByRole('button', { name: 'Подставить' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('without a camera says so and offers a photo; cancel closes it with nothing filled', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    const onScan = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Сканировать этикетку' }));
    const dialog = await screen.findByRole('dialog', { name: 'Сканирование этикетки' });
    await within(dialog).findByText(/Камера не найдена|Камера доступна только по HTTPS/);
    expect(within(dialog).getByText('Сфотографировать этикетку')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onScan).not.toHaveBeenCalled();
  });
});
