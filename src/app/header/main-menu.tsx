import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { NavLink } from 'react-router-dom';
import { useT } from '@/i18n/i18n';
import type { MenuItem, WizardLink } from '../menu';
import { WIZARD_ICONS } from '../wizard-icons';
import { HeaderDropdown } from './header-dropdown';

// Sentence case, as in the drawer: upper-case Cyrillic takes the superuser's seven entries about 70 px wider.
const linkSx = {
  whiteSpace: 'nowrap',
  textTransform: 'none',
  opacity: 0.88,
  '&.active': { opacity: 1, backgroundColor: 'rgba(255,255,255,0.16)' },
} as const;

/** The main menu in the app bar, one link per section the user may open, then the wizards. */
export function MainMenu({ items, wizards }: { items: readonly MenuItem[]; wizards: readonly WizardLink[] }) {
  const t = useT();
  return (
    <Stack component="nav" aria-label={t('header.menu.label')} direction="row" spacing={0.5} sx={{ ml: 2 }}>
      {items.map((item) => (
        <Button key={item.id} component={NavLink} to={item.to} color="inherit" sx={linkSx}>
          {t(item.labelKey)}
        </Button>
      ))}
      {wizards.length > 0 && (
        <HeaderDropdown
          label={t('header.menu.wizards')}
          endIcon={<ArrowDropDown />}
          sx={linkSx}
          items={wizards.map((wizard) => ({ key: wizard.id, label: t(wizard.labelKey), to: wizard.to, Icon: WIZARD_ICONS[wizard.id] }))}
        />
      )}
    </Stack>
  );
}
