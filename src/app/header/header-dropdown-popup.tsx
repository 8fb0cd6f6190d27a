import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** A link in a header dropdown: a screen of the app (`to`) or a page opened in a new tab (`href`). */
export type HeaderDropdownItem = { key: string; label: string; Icon?: ComponentType<SvgIconProps> } & ({ to: string } | { href: string });

interface HeaderDropdownPopupProps {
  id: string;
  anchor: HTMLElement | null;
  items: readonly HeaderDropdownItem[];
  onClose: () => void;
}

/** The dropdown itself: Menu pulls in Popover and Modal, so it loads on the first open. */
export function HeaderDropdownPopup({ id, anchor, items, onClose }: HeaderDropdownPopupProps) {
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {items.map((item) => {
        const content = (
          <>
            {item.Icon && (
              <ListItemIcon>
                <item.Icon fontSize="small" />
              </ListItemIcon>
            )}
            <ListItemText>{item.label}</ListItemText>
          </>
        );
        return 'to' in item ? (
          <MenuItem key={item.key} component={RouterLink} to={item.to} onClick={onClose}>
            {content}
          </MenuItem>
        ) : (
          <MenuItem key={item.key} component="a" href={item.href} target="_blank" rel="noopener" onClick={onClose}>
            {content}
          </MenuItem>
        );
      })}
    </Menu>
  );
}
