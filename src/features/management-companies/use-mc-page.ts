import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ManagementCompany } from '@contract/mc';
import { notify } from '@/components/notifications/notify';
import { useT } from '@/features/management-companies/messages';
import { errorMessage } from '@/lib/http';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { disableMc, retryUpload, setMc, uploadAll, uploadOne } from './api';
import { canEditMc, isSuperuser, mcSetBody, type McFormValues } from './model';
import { mcQueries } from './queries';

/**
 * `/mc/:mcId/update`: the company, its save and disable, and its uploads. The upload status is
 * read from the server (polled while it runs), so leaving the page and coming back shows where it is.
 */
export function useMcPage(id: number) {
  const t = useT();
  const client = useQueryClient();
  const session = useSession();
  const online = useConnectivity().state !== 'offline';
  const company = useQuery(mcQueries.company(id));
  const upload = useQuery(mcQueries.upload(id));

  const stored = (saved: ManagementCompany) => {
    client.setQueryData(mcQueries.company(id).queryKey, saved);
    return client.invalidateQueries({ queryKey: mcQueries.lists() });
  };

  const save = useMutation({
    mutationFn: (values: McFormValues) => setMc(mcSetBody(id, values)),
    onSuccess: (saved) => {
      notify(t('mc.saved'), { variant: 'success' });
      return stored(saved);
    },
  });

  const disable = useMutation({
    mutationFn: () => disableMc(id),
    onSuccess: () => {
      notify(t('mc.disable.done'), { variant: 'success' });
      if (company.data) return stored({ ...company.data, active: false });
    },
  });

  const refreshUpload = () => client.invalidateQueries({ queryKey: mcQueries.upload(id).queryKey });
  const uploadNotice = (answer: { devices: number }, queuedKey: 'mc.upload.queued' | 'mc.upload.retried') =>
    notify(answer.devices > 0 ? t(queuedKey, { devices: answer.devices }) : t('mc.upload.noDevices'), { variant: answer.devices > 0 ? 'success' : 'info' });
  const failed = (error: unknown) => notify(errorMessage(error), { variant: 'error' });

  const start = useMutation({
    mutationFn: (mac: string | null) => (mac === null ? uploadAll(id) : uploadOne(id, mac)),
    onSuccess: (answer) => uploadNotice(answer, 'mc.upload.queued'),
    onError: failed,
    onSettled: refreshUpload,
  });

  // «Upload to all» writes to every device of the company's houses: asked first, naming how many.
  const [askingUploadAll, setAskingUploadAll] = useState(false);
  const deviceCount = useQuery({ ...mcQueries.deviceCount(id), enabled: askingUploadAll });
  const uploadAllAsk = {
    asking: askingUploadAll,
    ask: () => setAskingUploadAll(true),
    cancel: () => setAskingUploadAll(false),
    /** null while it is being counted (or could not be). */
    devices: askingUploadAll && deviceCount.isSuccess ? deviceCount.data : null,
    countError: deviceCount.isError ? errorMessage(deviceCount.error) : null,
    confirm: () => start.mutate(null, { onSettled: () => setAskingUploadAll(false) }),
  };

  const retry = useMutation({
    mutationFn: () => retryUpload(id),
    onSuccess: (answer) => uploadNotice(answer, 'mc.upload.retried'),
    onError: failed,
    onSettled: refreshUpload,
  });

  return {
    company,
    upload,
    online,
    canEdit: canEditMc(session.roles),
    superuser: isSuperuser(session.roles),
    save,
    disable,
    start,
    uploadAll: uploadAllAsk,
    retry,
  };
}

export type McPageModel = ReturnType<typeof useMcPage>;
