import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import { useT } from '@/i18n/i18n';
import { ONLINE_HELP_URL, PDF_HELP_URL } from '../help-links';
import { HeaderDropdown } from './header-dropdown';
import type { HeaderDropdownItem } from './header-dropdown-popup';

interface HelpMenuProps {
  showPdf: boolean;
  compact: boolean;
}

/** The help dropdown (online help for everyone logged in, the PDF for the superuser). */
export function HelpMenu({ showPdf, compact }: HelpMenuProps) {
  const t = useT();
  const items: HeaderDropdownItem[] = [
    { key: 'online', label: t('header.help.online'), href: ONLINE_HELP_URL },
    ...(showPdf ? [{ key: 'pdf', label: t('header.help.pdf'), href: PDF_HELP_URL }] : []),
  ];
  return (
    <HeaderDropdown
      label={t('header.help.button')}
      items={items}
      iconOnly={compact ? <HelpOutline /> : undefined}
      startIcon={<HelpOutline />}
    />
  );
}
