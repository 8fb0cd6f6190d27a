import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DOOR_CODE_COMMENT_MAX, KEYLESS_MAX_DEVICES, KEYLESS_SERVICES, type KeylessCodeDetail } from '@contract/door-codes';
import { HouseTypeahead } from '@/components/house-typeahead/house-typeahead';
import { PageSection } from '@/components/page-section';
import { useT } from '../messages';
import { isKeylessService, serviceKey, type KeylessErrors } from '../model';
import { useKeylessForm, type KeylessFormModel } from '../use-keyless-form';

interface KeylessCreateFormProps {
  online: boolean;
  onCreated: (code: KeylessCodeDetail) => void | Promise<void>;
  onCancel: () => void;
}

/** A new keyless code: service, code (or generated), expiry, comment, and the devices it goes to (offline: the page says so). */
export function KeylessCreateForm({ online, onCreated, onCancel }: KeylessCreateFormProps) {
  const t = useT();
  const form = useKeylessForm(onCreated);
  const { draft, errors } = form;
  const shown = (field: keyof KeylessErrors) => {
    const found = errors[field];
    return found ? t(found.key, found.values) : undefined;
  };
  return (
    <PageSection title={t('keyless.form.title')} error={form.sendError}>
      <Box
        component="form"
        noValidate
        aria-label={t('keyless.form.title')}
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}
      >
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TextField
            select
            label={t('keyless.form.service')}
            value={draft.service}
            onChange={(event) => isKeylessService(event.target.value) && form.update({ service: event.target.value })}
            slotProps={{ select: { native: true } }}
          >
            {KEYLESS_SERVICES.map((service) => (
              <option key={service} value={service}>
                {t(serviceKey(service))}
              </option>
            ))}
          </TextField>
          <Box sx={{ display: 'grid', gap: 1 }}>
            <FormControlLabel control={<Checkbox checked={draft.generate} onChange={(event) => form.update({ generate: event.target.checked })} />} label={t('keyless.form.generate')} />
            {!draft.generate && (
              <TextField
                label={t('keyless.form.code')}
                value={draft.code}
                onChange={(event) => form.update({ code: event.target.value })}
                required
                error={Boolean(errors.code)}
                helperText={shown('code') ?? t('keyless.form.codeHelp')}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8, autoComplete: 'off' } }}
              />
            )}
          </Box>
          <TextField
            label={t('keyless.form.expires')}
            type="datetime-local"
            value={draft.expires}
            onChange={(event) => form.update({ expires: event.target.value })}
            error={Boolean(errors.expires)}
            helperText={shown('expires') ?? t('keyless.form.expiresHelp')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('keyless.form.comment')}
            value={draft.comment}
            onChange={(event) => form.update({ comment: event.target.value })}
            multiline
            minRows={2}
            error={Boolean(errors.comment)}
            helperText={shown('comment')}
            slotProps={{ htmlInput: { maxLength: DOOR_CODE_COMMENT_MAX + 50 } }}
          />
        </Box>
        <DevicesPicker form={form} online={online} />
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} disabled={form.sending}>
            {t('keyless.form.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!online || form.sending}>
            {form.sending ? t('keyless.form.sending') : t('keyless.form.submit')}
          </Button>
        </Box>
      </Box>
    </PageSection>
  );
}

/** Devices by house (every device of it) or by MAC; the chosen ones listed, each removable. */
function DevicesPicker({ form, online }: { form: KeylessFormModel; online: boolean }) {
  const t = useT();
  const devices = form.draft.devices;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <HouseTypeahead label={t('keyless.form.house')} onPick={form.addHouse} loading={form.houseLoading} disabled={!online} helper={form.houseLoading ? t('keyless.form.houseLoading') : (form.houseNote ?? undefined)} />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label={t('keyless.form.mac')}
          value={form.macText}
          onChange={(event) => form.setMacText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              form.addTyped();
            }
          }}
          error={form.macError !== null}
          helperText={form.macError ?? t('keyless.form.macHelp')}
          sx={{ flex: 1, minWidth: 0 }}
          slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
        />
        <Button variant="outlined" onClick={form.addTyped} disabled={form.macText.trim() === ''} sx={{ height: 56 }}>
          {t('keyless.form.macAdd')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" color={form.errors.devices ? 'error' : 'text.secondary'} role={form.errors.devices ? 'alert' : undefined}>
          {form.errors.devices ? t(form.errors.devices.key) : t('keyless.form.devices', { count: devices.length, max: KEYLESS_MAX_DEVICES })}
        </Typography>
        {devices.length > 0 && (
          <Button size="small" onClick={form.clearDevices}>
            {t('keyless.form.clear')}
          </Button>
        )}
      </Box>
      {devices.length > 0 && (
        <Box
          component="ul"
          aria-label={t('keyless.detail.targets')}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5, maxHeight: 280, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {devices.map((device) => (
            <Box component="li" key={device.mac} sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 1.5, minWidth: 0 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                  {device.mac}
                </Typography>
                {device.address && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {device.address}
                  </Typography>
                )}
              </Box>
              <IconButton aria-label={t('keyless.form.remove', { mac: device.mac })} onClick={() => form.removeDevice(device.mac)} sx={{ width: 44, height: 44 }}>
                <Close fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
