import Add from '@mui/icons-material/Add';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import LanOutlined from '@mui/icons-material/LanOutlined';
import QrCode2 from '@mui/icons-material/QrCode2';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useT, type FeatureMessageKey } from '@/features/devices/messages';
import { ADD_DEVICE_PATHS, type AddDeviceWay } from '../model';

const WAYS: Record<AddDeviceWay, { label: FeatureMessageKey; hint: FeatureMessageKey; icon: ReactNode }> = {
  serialNumber: { label: 'devices.add.serialNumber', hint: 'devices.add.serialNumber.hint', icon: <QrCode2 /> },
  port: { label: 'devices.add.port', hint: 'devices.add.port.hint', icon: <LanOutlined /> },
  replace: { label: 'devices.add.replace', hint: 'devices.add.replace.hint', icon: <SwapHoriz /> },
  dialog: { label: 'devices.add.dialog', hint: 'devices.add.dialog.hint', icon: <EditNoteOutlined /> },
};

interface DeviceAddMenuProps {
  ways: readonly AddDeviceWay[];
  /** Opens the plain create dialog. */
  onDialog: () => void;
}

/** «Добавить устройство»: one button offering each way the user's roles allow (the wizards open as pages). */
export function DeviceAddMenu({ ways, onDialog }: DeviceAddMenuProps) {
  const t = useT();
  const buttonId = useId();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (ways.length === 0) return null;
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        id={buttonId}
        variant="contained"
        startIcon={<Add />}
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('devices.create')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': t('devices.add.menu') } }}
      >
        {ways.map((way) => {
          const { label, hint, icon } = WAYS[way];
          const text = <ListItemText primary={t(label)} secondary={t(hint)} slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }} />;
          return way === 'dialog' ? (
            <MenuItem
              key={way}
              onClick={() => {
                close();
                onDialog();
              }}
              sx={{ maxWidth: 360, whiteSpace: 'normal' }}
            >
              <ListItemIcon>{icon}</ListItemIcon>
              {text}
            </MenuItem>
          ) : (
            <MenuItem key={way} component={RouterLink} to={ADD_DEVICE_PATHS[way]} onClick={close} sx={{ maxWidth: 360, whiteSpace: 'normal' }}>
              <ListItemIcon>{icon}</ListItemIcon>
              {text}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
