import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useT } from '@/features/devices/messages';
import type { GroupChoice } from '@/lib/group-tree';
import { errorMessage } from '@/lib/http';
import { deviceQueries } from '../queries';
import type { GroupAssignment } from '../use-device-list';

interface DeviceGroupsDialogProps {
  open: boolean;
  macs: string[];
  /** The selected devices' one buyer, when they have one: only its groups are offered. */
  buyerId?: number;
  onClose: () => void;
  onSubmit: (assignment: GroupAssignment) => Promise<unknown>;
}

const SHOWN_MACS = 5;

/** multiple-set-groups: the chosen groups for every selected device; clearOld replaces what they had. */
export function DeviceGroupsDialog({ open, macs, buyerId, onClose, onSubmit }: DeviceGroupsDialogProps) {
  const t = useT();
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const groups = useQuery({ ...deviceQueries.groups(buyerId), enabled: open });
  // A superuser's selection of several buyers' devices: the buyers' groups share names, so each says whose it is.
  const severalBuyers = new Set(groups.data?.map((group) => group.buyerId)).size > 1;
  const groupLabel = (group: GroupChoice) => (severalBuyers ? t('devices.groups.ofBuyer', { name: group.name, buyer: group.buyerId }) : group.name);
  const [chosen, setChosen] = useState<number[]>([]);
  const [clearOld, setClearOld] = useState(false);
  const [missing, setMissing] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (id: number) => {
    setMissing(false);
    setChosen((current) => (current.includes(id) ? current.filter((other) => other !== id) : [...current, id]));
  };

  const close = () => {
    setChosen([]);
    setClearOld(false);
    setMissing(false);
    setServerError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setServerError(null);
    try {
      await onSubmit({ groups: chosen, clearOld });
      close();
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const macList = macs.length > SHOWN_MACS ? `${macs.slice(0, SHOWN_MACS).join(', ')} …` : macs.join(', ');
  return (
    <Dialog open={open} onClose={busy ? undefined : close} aria-labelledby={titleId} maxWidth="xs" fullWidth fullScreen={phone}>
      <form noValidate onSubmit={(event) => void submit(event)} style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}>
        <DialogTitle id={titleId}>{t('devices.groups.title', { count: macs.length })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
              {t('devices.groups.macs', { list: macList })}
            </Typography>
            {serverError && <Alert severity="error">{serverError}</Alert>}
            {groups.isError && <Alert severity="error">{errorMessage(groups.error)}</Alert>}
            <FormControl component="fieldset" error={missing} variant="standard">
              <FormLabel component="legend">{t('devices.groups.list')}</FormLabel>
              {groups.isPending ? (
                <CircularProgress size={24} sx={{ m: 1 }} />
              ) : (
                <FormGroup>
                  {(groups.data ?? []).map((group) => (
                    <FormControlLabel
                      key={group.groupId}
                      control={<Checkbox checked={chosen.includes(group.groupId)} onChange={() => toggle(group.groupId)} />}
                      label={groupLabel(group)}
                      title={group.depth > 0 ? group.path : undefined}
                      sx={{ pl: group.depth * 3 }}
                    />
                  ))}
                  {groups.data?.length === 0 && <Typography color="text.secondary">{t('devices.groups.empty')}</Typography>}
                </FormGroup>
              )}
              {missing && <FormHelperText>{t('devices.groups.error.none')}</FormHelperText>}
            </FormControl>
            <div>
              <FormControlLabel control={<Switch checked={clearOld} onChange={(event) => setClearOld(event.target.checked)} />} label={t('devices.groups.clearOld')} />
              <Typography variant="body2" color={clearOld ? 'warning.main' : 'text.secondary'}>
                {clearOld ? t('devices.groups.clearOld.on') : t('devices.groups.clearOld.off')}
              </Typography>
            </div>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || groups.isPending}>
            {t('devices.groups.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
