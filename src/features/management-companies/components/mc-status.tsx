import Box from '@mui/material/Box';
import { useT } from '@/features/management-companies/messages';

/** «Активна» / «Отключена» as a small outlined badge (a Chip would add its own module to the route). */
export function McStatus({ active }: { active: boolean }) {
  const t = useT();
  return (
    <Box
      component="span"
      sx={{
        px: 1,
        py: 0.25,
        border: 1,
        borderRadius: 4,
        fontSize: '0.8125rem',
        whiteSpace: 'nowrap',
        borderColor: active ? 'success.main' : 'divider',
        color: active ? 'success.dark' : 'text.secondary',
      }}
    >
      {active ? t('mc.status.active') : t('mc.status.inactive')}
    </Box>
  );
}
