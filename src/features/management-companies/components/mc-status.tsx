import { StatusChip } from '@/components/status-chip';
import { useT } from '@/features/management-companies/messages';

/** «Активна» in a green outline, «Отключена» filled grey. */
export function McStatus({ active }: { active: boolean }) {
  const t = useT();
  return <StatusChip tone={active ? 'good' : 'off'}>{active ? t('mc.status.active') : t('mc.status.inactive')}</StatusChip>;
}
