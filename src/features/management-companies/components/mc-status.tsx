import Chip from '@mui/material/Chip';
import { useT } from '@/features/management-companies/messages';

export function McStatus({ active }: { active: boolean }) {
  const t = useT();
  return <Chip size="small" variant="outlined" color={active ? 'success' : 'default'} label={active ? t('mc.status.active') : t('mc.status.inactive')} />;
}
