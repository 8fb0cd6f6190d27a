import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';
import { lazy, Suspense, useId, useState, type MouseEvent, type ReactNode } from 'react';
import type { HeaderDropdownItem } from './header-dropdown-popup';

const loadPopup = () => import('./header-dropdown-popup');
// Every page shows the button; the menu (Menu, Popover, Modal) is only needed once someone opens it.
const HeaderDropdownPopup = lazy(() => loadPopup().then((m) => ({ default: m.HeaderDropdownPopup })));

interface HeaderDropdownProps {
  label: string;
  items: readonly HeaderDropdownItem[];
  /** An icon button named `label` instead of a text button. */
  iconOnly?: ReactNode;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  sx?: SxProps<Theme>;
}

/** A button in the app bar that opens a list of links (help, the device wizards). */
export function HeaderDropdown({ label, items, iconOnly, startIcon, endIcon, sx }: HeaderDropdownProps) {
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
    sx,
  };
  return (
    <>
      {iconOnly ? (
        <IconButton {...triggerProps} aria-label={label}>
          {iconOnly}
        </IconButton>
      ) : (
        <Button {...triggerProps} startIcon={startIcon} endIcon={endIcon}>
          {label}
        </Button>
      )}
      {used && (
        <Suspense fallback={null}>
          <HeaderDropdownPopup id={menuId} anchor={anchor} items={items} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
