import { StatusChip } from '@/components/status-chip';
import { useT } from '@/features/buyers/messages';

/** «Активен» in a green outline, «Отключён» filled grey. */
export function BuyerStatus({ active }: { active: boolean }) {
  const t = useT();
  return <StatusChip tone={active ? 'good' : 'off'}>{active ? t('buyers.status.active') : t('buyers.status.inactive')}</StatusChip>;
}
