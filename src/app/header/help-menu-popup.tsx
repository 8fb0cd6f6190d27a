import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useT } from '@/i18n/i18n';
import { ONLINE_HELP_URL, PDF_HELP_URL } from '../help-links';

interface HelpMenuPopupProps {
  id: string;
  anchor: HTMLElement | null;
  showPdf: boolean;
  onClose: () => void;
}

/** The help dropdown itself: Menu pulls in Popover and Modal, so it loads on the first open. */
export function HelpMenuPopup({ id, anchor, showPdf, onClose }: HelpMenuPopupProps) {
  const t = useT();
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      <MenuItem component="a" href={ONLINE_HELP_URL} target="_blank" rel="noopener" onClick={onClose}>
        {t('header.help.online')}
      </MenuItem>
      {showPdf && (
        <MenuItem component="a" href={PDF_HELP_URL} target="_blank" rel="noopener" onClick={onClose}>
          {t('header.help.pdf')}
        </MenuItem>
      )}
    </Menu>
  );
}
