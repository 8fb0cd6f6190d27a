import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from '@/features/auth/components/login-form';
import { loginErrorText } from '@/features/auth/model';
import { translate } from '@/features/auth/messages';
import { HttpError, ResultError } from '@/lib/http';

const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate('ru', key, params);

describe('LoginForm', () => {
  it('names the missing fields in Russian and does not submit', async () => {
    const onSubmit = vi.fn();
    render(<LoginForm onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Введите логин')).toBeTruthy();
    expect(screen.getByText('Введите пароль')).toBeTruthy();
    expect(screen.getByLabelText('Логин').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('treats a login of spaces as missing', async () => {
    render(<LoginForm onSubmit={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Логин'), { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Введите логин')).toBeTruthy();
    expect(screen.queryByText('Введите пароль')).toBeNull();
  });

  it('submits the login and password', async () => {
    const onSubmit = vi.fn();
    render(<LoginForm onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Логин'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ login: 'admin', password: 'secret' }));
    expect(screen.getByLabelText('Пароль').getAttribute('type')).toBe('password');
  });

  it("shows the server's message", () => {
    render(<LoginForm onSubmit={vi.fn()} error="Неверный логин или пароль" />);
    expect(screen.getByRole('alert').textContent).toBe('Неверный логин или пароль');
  });
});

describe('loginErrorText', () => {
  it("uses the server's message, and a Russian text for a bare 429", () => {
    expect(loginErrorText(new ResultError('Неверный логин или пароль'), t)).toBe('Неверный логин или пароль');
    expect(loginErrorText(new HttpError(429, 'Слишком много попыток, подождите 60 с', { result: false, message: 'Слишком много попыток, подождите 60 с' }), t)).toBe(
      'Слишком много попыток, подождите 60 с',
    );
    expect(loginErrorText(new HttpError(429, 'x', 'Too Many Requests'), t)).toBe('Слишком много попыток входа. Попробуйте позже.');
  });
});
