import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { notify } from '@/components/notifications/notify';
import { useT } from '@/features/management-companies/messages';
import { useConnectivity } from '@/offline/connectivity';
import { createMc } from './api';
import { mcPath, type McFormValues } from './model';
import { mcQueries } from './queries';
import { useMcForm } from './use-mc-form';

export const EMPTY_MC_FORM: McFormValues = { internalId: '', name: '', buyerId: '1', codeAccess: '', active: true, nextExecute: '', flatNum: '', weeks: '' };
const CREATE_FIELDS = ['internalId', 'name'] as const;

/** `/mc/view-create`: internalId and name, then the new company's page. */
export function useMcCreate() {
  const t = useT();
  const client = useQueryClient();
  const navigate = useNavigate();
  const online = useConnectivity().state !== 'offline';
  const form = useMcForm(
    EMPTY_MC_FORM,
    async (values) => {
      const company = await createMc({ internalId: values.internalId.trim(), name: values.name.trim() });
      notify(t('mc.create.done'), { variant: 'success' });
      client.setQueryData(mcQueries.company(company.id).queryKey, company);
      await client.invalidateQueries({ queryKey: mcQueries.lists() });
      void navigate(mcPath(company.id));
    },
    CREATE_FIELDS,
  );
  return { form, online };
}
