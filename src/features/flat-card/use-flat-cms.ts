import { useQueryClient } from '@tanstack/react-query';
import { setCms } from './api';
import { useT } from './messages';
import { flatCardQueries } from './queries';
import { useFlat, useFlatMutation } from './use-flat-card';

/** CMS handset blocks, one per device that can (canFlatBlockCms). */
export function useFlatCms() {
  const t = useT();
  const { flat, data } = useFlat();
  const client = useQueryClient();
  const toggle = useFlatMutation({
    send: ({ mac, block }: { mac: string; block: boolean }) => setCms(flat, mac, block),
    apply: (current, { mac, block }) => ({
      ...current,
      deviceData: current.deviceData.map((device) => (device.mac === mac ? { ...device, blockCMS: block } : device)),
    }),
    done: ({ mac, block }) => t(block ? 'flat.cms.blockedDone' : 'flat.cms.unblockedDone', { mac }),
    onDone: () => client.invalidateQueries({ queryKey: flatCardQueries.histories(flat) }),
  });
  return { devices: data.deviceData.filter((device) => device.canFlatBlockCms), toggle };
}
