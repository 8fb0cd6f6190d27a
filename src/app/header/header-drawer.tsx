import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { useT } from '@/i18n/i18n';
import type { MenuItem } from '../menu';
import { MENU_ICONS } from '../menu-icons';

interface HeaderDrawerProps {
  open: boolean;
  onClose: () => void;
  items: MenuItem[];
  login: string | null;
  settingsPath: string;
}

/** The main menu on narrow screens. Loaded on demand: the login route never needs it. */
export function HeaderDrawer({ open, onClose, items, login, settingsPath }: HeaderDrawerProps) {
  const t = useT();
  return (
    <Drawer open={open} onClose={onClose}>
      <Box sx={{ width: 280 }}>
        <Typography sx={{ px: 2, py: 2, fontWeight: 700 }}>{t('app.brand')}</Typography>
        <Divider />
        <nav aria-label={t('header.menu.label')}>
          <List>
            {items.map((item) => {
              const Icon = MENU_ICONS[item.id];
              return (
                <ListItemButton key={item.id} component={NavLink} to={item.to} onClick={onClose}>
                  <ListItemIcon>
                    <Icon />
                  </ListItemIcon>
                  <ListItemText primary={t(item.labelKey)} />
                </ListItemButton>
              );
            })}
          </List>
        </nav>
        <Divider />
        <List>
          <ListItemButton component={RouterLink} to={settingsPath} onClick={onClose}>
            <ListItemIcon>
              <AccountCircleOutlined />
            </ListItemIcon>
            <ListItemText primary={login ?? t('header.menu.settings')} secondary={t('header.menu.settings')} />
          </ListItemButton>
        </List>
      </Box>
    </Drawer>
  );
}
