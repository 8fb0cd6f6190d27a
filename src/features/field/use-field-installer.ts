import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { fieldQueries } from './queries';

/** `/field/:userId`: one installer with each device's latest summary. */
export function useFieldInstaller() {
  const session = useSession();
  const userId = Number(useParams().installerId);
  const valid = Number.isInteger(userId) && userId > 0;
  const query = useQuery({ ...fieldQueries.installer(valid ? userId : 0), enabled: session.ready && valid });
  return {
    userId,
    data: query.data ?? null,
    pending: valid && query.isPending,
    error: valid ? (query.isError ? query.error : null) : new Error(`userId ${String(userId)}`),
    retry: () => void query.refetch(),
  };
}
