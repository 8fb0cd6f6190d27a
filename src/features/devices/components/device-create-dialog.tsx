import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { HARDWARE_REVISIONS, type DeviceCreate } from '@contract/devices';
import { DEFAULT_DEVICE_LOGIN } from '@contract/wizard';
import { HouseTypeahead } from '@/components/house-typeahead/house-typeahead';
import { SearchableSelect, type SelectOption } from '@/components/searchable-select';
import { useT, type FeatureMessageKey } from '@/features/devices/messages';
import { errorMessage } from '@/lib/http';
import { EMPTY_DEVICE_FORM, TYPE_OPTIONS, deviceCreateBody, validateDeviceForm, type DeviceFormErrors, type DeviceFormValues } from '../model';

interface DeviceCreateDialogProps {
  open: boolean;
  houses: SelectOption[];
  onClose: () => void;
  onSubmit: (body: DeviceCreate) => Promise<unknown>;
}

const ERROR_TEXT: Record<keyof DeviceFormErrors, FeatureMessageKey> = {
  mac: 'devices.create.error.mac',
  type: 'devices.create.error.type',
  url: 'devices.create.error.url',
};

/** POST create-device (body: contract DeviceCreate). The server fills what is left empty: login admin, the factory password. */
export function DeviceCreateDialog({ open, houses, onClose, onSubmit }: DeviceCreateDialogProps) {
  const t = useT();
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [values, setValues] = useState<DeviceFormValues>(EMPTY_DEVICE_FORM);
  const [errors, setErrors] = useState<DeviceFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [houseAddress, setHouseAddress] = useState<string | null>(null);
  // The houses the list knows (its first pages, those on screen): offered before an address is typed.
  const atHand = useMemo(() => houses.map((house) => ({ id: house.value, address: house.label, fias: null, savedAt: null, house: null })), [houses]);

  const field = (key: keyof DeviceFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in errors) setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const errorOf = (key: keyof DeviceFormErrors) => (errors[key] ? t(ERROR_TEXT[key]) : undefined);

  const close = () => {
    setValues(EMPTY_DEVICE_FORM);
    setHouseAddress(null);
    setErrors({});
    setServerError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateDeviceForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setServerError(null);
    try {
      await onSubmit(deviceCreateBody(values));
      close();
    } catch (error) {
      // The form keeps what was typed: only the server's message is added.
      setServerError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : close} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={phone}>
      <form noValidate onSubmit={(event) => void submit(event)} style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}>
        <DialogTitle id={titleId}>{t('devices.create.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {serverError && <Alert severity="error">{serverError}</Alert>}
            <TextField
              label={t('devices.create.mac')}
              required
              autoFocus
              value={values.mac}
              onChange={(event) => field('mac')(event.target.value)}
              error={Boolean(errors.mac)}
              helperText={errorOf('mac')}
              slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
            />
            <SearchableSelect
              label={t('devices.create.type')}
              required
              options={TYPE_OPTIONS}
              value={values.type || null}
              onChange={(value) => field('type')(value ?? '')}
              error={Boolean(errors.type)}
              helperText={errorOf('type')}
            />
            <TextField
              label={t('devices.create.url')}
              value={values.url}
              onChange={(event) => field('url')(event.target.value)}
              error={Boolean(errors.url)}
              helperText={errorOf('url')}
              placeholder="http://192.168.1.10"
              slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('devices.create.login')}
                value={values.login}
                onChange={(event) => field('login')(event.target.value)}
                placeholder={DEFAULT_DEVICE_LOGIN}
                fullWidth
                autoComplete="off"
              />
              <TextField
                label={t('devices.create.password')}
                type="password"
                value={values.password}
                onChange={(event) => field('password')(event.target.value)}
                helperText={t('devices.create.password.hint')}
                fullWidth
                autoComplete="new-password"
              />
            </Stack>
            <TextField select label={t('devices.create.revision')} value={values.revision} onChange={(event) => field('revision')(event.target.value)}>
              <MenuItem value="">{t('devices.create.revision.none')}</MenuItem>
              {HARDWARE_REVISIONS.map((revision) => (
                <MenuItem key={revision} value={String(revision)}>
                  {revision}
                </MenuItem>
              ))}
            </TextField>
            <HouseTypeahead
              label={t('devices.create.house')}
              size="small"
              value={values.houseUid === '' ? null : (houseAddress ?? houses.find((house) => house.value === values.houseUid)?.label ?? values.houseUid)}
              onPick={(hit) => {
                setHouseAddress(hit.address);
                field('houseUid')(hit.id);
              }}
              onClear={() => {
                setHouseAddress(null);
                field('houseUid')('');
              }}
              local={atHand}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('devices.create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
