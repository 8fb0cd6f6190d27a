import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { NavLink } from 'react-router-dom';
import { useT } from '@/i18n/i18n';
import type { MenuItem } from '../menu';

/** spec §2/§6: the main menu in the app bar, one link per section the user may open. */
export function MainMenu({ items }: { items: MenuItem[] }) {
  const t = useT();
  return (
    <Stack component="nav" aria-label={t('header.menu.label')} direction="row" spacing={0.5} sx={{ ml: 2 }}>
      {items.map((item) => (
        <Button
          key={item.id}
          component={NavLink}
          to={item.to}
          color="inherit"
          sx={{
            whiteSpace: 'nowrap',
            opacity: 0.88,
            '&.active': { opacity: 1, backgroundColor: 'rgba(255,255,255,0.16)' },
          }}
        >
          {t(item.labelKey)}
        </Button>
      ))}
    </Stack>
  );
}
