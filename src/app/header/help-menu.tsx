import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type MouseEvent } from 'react';
import { useT } from '@/i18n/i18n';
import { ONLINE_HELP_URL, PDF_HELP_URL } from '../help-links';

interface HelpMenuProps {
  showPdf: boolean;
  compact: boolean;
}

/** spec §2/§6: the help dropdown (online help for everyone logged in, the PDF for the superuser). */
export function HelpMenu({ showPdf, compact }: HelpMenuProps) {
  const t = useT();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const triggerProps = {
    'aria-haspopup': 'menu' as const,
    'aria-controls': open ? menuId : undefined,
    'aria-expanded': open ? ('true' as const) : undefined,
    onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
    color: 'inherit' as const,
  };
  return (
    <>
      {compact ? (
        <IconButton {...triggerProps} aria-label={t('header.help.button')}>
          <HelpOutline />
        </IconButton>
      ) : (
        <Button {...triggerProps} startIcon={<HelpOutline />}>
          {t('header.help.button')}
        </Button>
      )}
      <Menu id={menuId} anchorEl={anchor} open={open} onClose={() => setAnchor(null)}>
        <MenuItem component="a" href={ONLINE_HELP_URL} target="_blank" rel="noopener" onClick={() => setAnchor(null)}>
          {t('header.help.online')}
        </MenuItem>
        {showPdf && (
          <MenuItem component="a" href={PDF_HELP_URL} target="_blank" rel="noopener" onClick={() => setAnchor(null)}>
            {t('header.help.pdf')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
