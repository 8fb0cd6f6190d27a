import Box from '@mui/material/Box';
import { useT } from '@/features/buyers/messages';

/** «Активен» in a green outline, «Отключён» filled grey (a badge of its own: Chip would cost the route). */
export function BuyerStatus({ active }: { active: boolean }) {
  const t = useT();
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        px: 1,
        py: 0.25,
        borderRadius: 3,
        fontSize: '0.8125rem',
        lineHeight: 1.5,
        border: 1,
        borderColor: active ? 'success.main' : 'text.disabled',
        bgcolor: active ? 'transparent' : 'action.selected',
        color: active ? 'success.dark' : 'text.secondary',
        whiteSpace: 'nowrap',
      }}
    >
      {active ? t('buyers.status.active') : t('buyers.status.inactive')}
    </Box>
  );
}
