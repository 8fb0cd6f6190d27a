import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';
import { useT } from '@/i18n/i18n';

const loadPopup = () => import('./help-menu-popup');
// Every page shows the button; the menu (Menu, Popover, Modal) is only needed once someone opens it.
const HelpMenuPopup = lazy(() => loadPopup().then((m) => ({ default: m.HelpMenuPopup })));

interface HelpMenuProps {
  showPdf: boolean;
  compact: boolean;
}

/** spec §2/§6: the help dropdown (online help for everyone logged in, the PDF for the superuser). */
export function HelpMenu({ showPdf, compact }: HelpMenuProps) {
  const t = useT();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Stays mounted after the first open, so the menu can play its closing transition.
  const [used, setUsed] = useState(false);
  const open = anchor !== null;
  const triggerProps = {
    'aria-haspopup': 'menu' as const,
    'aria-controls': open ? menuId : undefined,
    'aria-expanded': open ? ('true' as const) : undefined,
    onClick: (event: MouseEvent<HTMLElement>) => {
      setUsed(true);
      setAnchor(event.currentTarget);
    },
    // Start fetching the menu as the pointer or focus arrives, so the click rarely waits for it.
    onPointerEnter: () => void loadPopup(),
    onFocus: () => void loadPopup(),
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
      {used && (
        <Suspense fallback={null}>
          <HelpMenuPopup id={menuId} anchor={anchor} showPdf={showPdf} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
