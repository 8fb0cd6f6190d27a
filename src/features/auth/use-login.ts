import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ResultError } from '@/lib/http';
import { markLoggedIn } from '@/lib/session';
import { login } from './api';
import type { LoginFormValues } from './model';

/** The login screen's logic: call, mark the session, go to the main page. */
export function useLogin() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (values: LoginFormValues) => {
      const answer = await login({ login: values.login.trim(), password: values.password });
      if (!answer.result) throw new ResultError(answer.message);
      return answer;
    },
    onSuccess: () => {
      markLoggedIn(client);
      navigate('/', { replace: true });
    },
  });
}
