import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { OutlinedField } from '@/components/outlined-field';
import { useT } from '@/features/management-companies/messages';
import { errorMessage } from '@/lib/http';
import { macSearchText } from '../model';
import { mcQueries } from '../queries';

interface McDeviceDialogProps {
  id: number;
  online: boolean;
  onClose: () => void;
  onUpload: (mac: string) => Promise<unknown>;
}

/** Picks one device of the company's houses (searched by a part of its MAC) and uploads to it. */
export function McDeviceDialog({ id, online, onClose, onUpload }: McDeviceDialogProps) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const mac = useDeferredValue(search.trim());
  const devices = useQuery(mcQueries.devices(id, mac));
  const upload = async () => {
    if (!chosen) return;
    setSending(true);
    try {
      await onUpload(chosen);
    } catch {
      // The page's notice says why; the dialog stays open for another choice.
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog open fullWidth maxWidth="sm" onClose={onClose} aria-labelledby="mc-device-title">
      <DialogTitle id="mc-device-title">{t('mc.device.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1 }}>
          <OutlinedField
            name="mac"
            type="search"
            code
            autoFocus
            label={t('mc.device.search')}
            helperText={t('mc.device.search.helper')}
            value={search}
            onChange={(event) => setSearch(macSearchText(event.target.value))}
          />
        </Box>
        <Box sx={{ height: 4, mt: 1 }}>{devices.isFetching && <LinearProgress />}</Box>
        {devices.isError && <Alert severity="error">{t('mc.device.loadError', { error: errorMessage(devices.error) })}</Alert>}
        {devices.data?.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {t('mc.device.none')}
          </Typography>
        )}
        <List aria-label={t('mc.device.title')} sx={{ maxHeight: 320, overflow: 'auto' }}>
          {(devices.data ?? []).map((device) => (
            <ListItemButton key={device.id} selected={chosen === device.mac} onClick={() => setChosen(device.mac)}>
              <ListItemText
                primary={device.mac}
                secondary={t('mc.device.houses', { houses: device.houses.map((house) => house.address).join('; ') })}
                slotProps={{ primary: { sx: { fontFamily: 'monospace' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('mc.device.cancel')}</Button>
        <Button variant="contained" disabled={!online || !chosen || sending} onClick={() => void upload()}>
          {t('mc.device.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
