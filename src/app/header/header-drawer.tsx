import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { Fragment, useId, type ComponentType } from 'react';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { OUTBOX_PATH } from '@/features/outbox/access';
import { useT } from '@/i18n/i18n';
import type { MenuItem, MenuSubItem, WizardLink } from '../menu';
import { MENU_ICONS } from '../menu-icons';
import { WIZARD_ICONS } from '../wizard-icons';
import { MENU_SUB_ICONS } from './menu-sub-icons';

interface HeaderDrawerProps {
  open: boolean;
  onClose: () => void;
  items: readonly MenuItem[];
  /** Screens listed under their section, indented. */
  subItems: readonly MenuSubItem[];
  wizards: readonly WizardLink[];
  /** The send queue is this user's. */
  outbox: boolean;
  login: string | null;
  settingsPath: string;
}

interface DrawerLinkProps {
  to: string;
  label: string;
  Icon: ComponentType<SvgIconProps>;
  onClose: () => void;
  nested?: boolean;
}

function DrawerLink({ to, label, Icon, onClose, nested = false }: DrawerLinkProps) {
  return (
    <ListItemButton component={NavLink} to={to} onClick={onClose} sx={nested ? { pl: 4 } : undefined}>
      <ListItemIcon>
        <Icon />
      </ListItemIcon>
      <ListItemText primary={label} />
    </ListItemButton>
  );
}

/** The main menu on narrow screens. Loaded on demand: the login route never needs it. */
export function HeaderDrawer({ open, onClose, items, subItems, wizards, outbox, login, settingsPath }: HeaderDrawerProps) {
  const t = useT();
  const wizardsHeading = useId();
  return (
    <Drawer open={open} onClose={onClose}>
      <Box sx={{ width: 300, maxWidth: '85vw' }}>
        <Typography sx={{ px: 2, py: 2, fontWeight: 700 }}>{t('app.brand')}</Typography>
        <Divider />
        <nav aria-label={t('header.menu.label')}>
          <List>
            {items.map((item) => (
              <Fragment key={item.id}>
                <DrawerLink to={item.to} label={t(item.labelKey)} Icon={MENU_ICONS[item.id]} onClose={onClose} />
                {subItems
                  .filter((sub) => sub.parent === item.id)
                  .map((sub) => (
                    <DrawerLink key={sub.id} to={sub.to} label={t(sub.labelKey)} Icon={MENU_SUB_ICONS[sub.id]} onClose={onClose} nested />
                  ))}
              </Fragment>
            ))}
          </List>
        </nav>
        {wizards.length > 0 && (
          <>
            <Divider />
            <nav aria-labelledby={wizardsHeading}>
              <List subheader={<ListSubheader id={wizardsHeading}>{t('wizards.section')}</ListSubheader>}>
                {wizards.map((wizard) => (
                  <DrawerLink key={wizard.id} to={wizard.to} label={t(wizard.labelKey)} Icon={WIZARD_ICONS[wizard.id]} onClose={onClose} />
                ))}
              </List>
            </nav>
          </>
        )}
        <Divider />
        <List>
          {outbox && <DrawerLink to={OUTBOX_PATH} label={t('route.title.outbox')} Icon={CloudUploadOutlined} onClose={onClose} />}
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
