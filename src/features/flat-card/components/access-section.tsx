import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import type { AccessAction, AccessReason } from '@contract/access';
import { useT } from '../messages';
import { accessForm, nameOf, sourceName } from '../model';
import { useAccessForm } from '../use-access-form';
import { useFlat } from '../use-flat-card';
import { EmptyNote, Section } from './section';

/** Remounted when the server's access data change (a move-out, an undo), keeping typed edits otherwise. */
export function AccessSection() {
  const { data } = useFlat();
  return <AccessEditor key={JSON.stringify(accessForm(data.flat))} />;
}

interface PickProps {
  label: string;
  value: number | null;
  list: readonly (AccessAction | AccessReason)[];
  readOnly: boolean;
  onChange: (id: number) => void;
}

/** An action or reason, named from accessOptions (never a bare id). */
function Pick({ label, value, list, readOnly, onChange }: PickProps) {
  const t = useT();
  if (readOnly) {
    return (
      <Typography variant="body2">
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {label}:{' '}
        </Box>
        {nameOf(list, value, t('flat.notDefined'))}
      </Typography>
    );
  }
  return (
    <TextField select size="small" label={label} value={value ?? ''} onChange={(event) => onChange(Number(event.target.value))} fullWidth error={value === null}>
      {list.map((entry) => (
        <MenuItem key={entry.id} value={entry.id}>
          {entry.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function Row({ children }: { children: ReactNode }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gap: 1,
        alignItems: 'center',
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'minmax(0, 1.2fr) auto minmax(0, 1fr) minmax(0, 1fr) auto' },
      }}
    >
      {children}
    </Box>
  );
}

function AccessEditor() {
  const t = useT();
  const { canEdit, canWrite } = useFlat();
  const access = useAccessForm();
  const [newPermission, setNewPermission] = useState('');
  const [duplicate, setDuplicate] = useState(false);
  const readOnly = !canEdit;
  const { actions, reasons } = access.options;
  const toggle = (label: string, checked: boolean, onChange: (value: boolean) => void) => (
    <FormControlLabel
      sx={{ mr: 0 }}
      control={<Switch checked={checked} disabled={readOnly} onChange={(event) => onChange(event.target.checked)} />}
      label={t(checked ? 'flat.access.on' : 'flat.access.off')}
      aria-label={`${label}: ${t('flat.access.allowed')}`}
    />
  );

  return (
    <Section id="access" title={t('flat.section.access')} error={access.problem ?? access.save.error}>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 0.5 }}>
        {t('flat.access.services')}
      </Typography>
      {access.form.services.length === 0 ? (
        <EmptyNote>{t('flat.access.noServices')}</EmptyNote>
      ) : (
        <Box component="ul" aria-label={t('flat.access.services')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {access.form.services.map((row) => (
            <Row key={row.serviceId}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{row.name}</Typography>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                  {row.source ? `${t('flat.access.source')}: ${sourceName(access.options, row.source)}` : row.description}
                </Typography>
              </Box>
              {toggle(row.name, row.access, (value) => access.updateService(row.serviceId, { access: value }))}
              <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, minWidth: 0 }}>
                <Pick label={t('flat.access.action')} value={row.actionId} list={actions} readOnly={readOnly} onChange={(id) => access.updateService(row.serviceId, { actionId: id })} />
              </Box>
              <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, minWidth: 0 }}>
                <Pick label={t('flat.access.reason')} value={row.reasonId} list={reasons} readOnly={readOnly} onChange={(id) => access.updateService(row.serviceId, { reasonId: id })} />
              </Box>
              {canEdit ? (
                <IconButton aria-label={t('flat.access.removeRow', { name: row.name })} onClick={() => access.removeService(row.serviceId)} sx={{ gridRow: { xs: 1, sm: 'auto' }, gridColumn: { xs: 2, sm: 'auto' } }}>
                  <CloseIcon fontSize="small" />
                </IconButton>
              ) : (
                <span />
              )}
            </Row>
          ))}
        </Box>
      )}
      {canEdit && access.addable.length > 0 && (
        <TextField
          select
          size="small"
          label={t('flat.access.addService')}
          value=""
          onChange={(event) => access.addService(Number(event.target.value))}
          sx={{ mt: 1, minWidth: 220 }}
        >
          {access.addable.map((service) => (
            <MenuItem key={service.id} value={service.id}>
              {service.name}
            </MenuItem>
          ))}
        </TextField>
      )}

      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {t('flat.access.permissions')}
      </Typography>
      {access.form.permissions.length === 0 ? (
        <EmptyNote>{t('flat.access.noPermissions')}</EmptyNote>
      ) : (
        <Box component="ul" aria-label={t('flat.access.permissions')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {access.form.permissions.map((row) => (
            <Row key={row.permissionName}>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere', minWidth: 0 }}>{row.permissionName}</Typography>
              {toggle(row.permissionName, row.access, (value) => access.updatePermission(row.permissionName, { access: value }))}
              <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, minWidth: 0 }}>
                {readOnly ? (
                  <Typography variant="body2">
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {t('flat.access.reason')}:{' '}
                    </Box>
                    {nameOf(reasons, row.reasonId, t('flat.notDefined'))}
                  </Typography>
                ) : (
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label={t('flat.access.reason')}
                    value={row.reasonId ?? ''}
                    onChange={(event) => access.updatePermission(row.permissionName, { reasonId: event.target.value === '' ? null : Number(event.target.value) })}
                  >
                    <MenuItem value="">{t('flat.access.none')}</MenuItem>
                    {reasons.map((reason) => (
                      <MenuItem key={reason.id} value={reason.id}>
                        {reason.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              </Box>
              <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, minWidth: 0 }}>
                <TextField
                  size="small"
                  fullWidth
                  label={t('flat.access.comment')}
                  value={row.comment}
                  onChange={(event) => access.updatePermission(row.permissionName, { comment: event.target.value })}
                  slotProps={{ htmlInput: { readOnly } }}
                />
              </Box>
              {canEdit ? (
                <IconButton
                  aria-label={t('flat.access.removeRow', { name: row.permissionName })}
                  onClick={() => access.removePermission(row.permissionName)}
                  sx={{ gridRow: { xs: 1, sm: 'auto' }, gridColumn: { xs: 2, sm: 'auto' } }}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              ) : (
                <span />
              )}
            </Row>
          ))}
        </Box>
      )}
      {canEdit && (
        <>
          <Box sx={{ display: 'flex', gap: 1, mt: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField
              size="small"
              label={t('flat.access.newPermission')}
              value={newPermission}
              onChange={(event) => {
                setNewPermission(event.target.value);
                setDuplicate(false);
              }}
              error={duplicate}
              helperText={duplicate ? t('flat.access.duplicate') : undefined}
              sx={{ flex: '1 1 200px' }}
            />
            <Button
              startIcon={<AddIcon />}
              disabled={newPermission.trim() === ''}
              onClick={() => {
                if (access.addPermission(newPermission)) setNewPermission('');
                else setDuplicate(true);
              }}
              sx={{ minHeight: 40 }}
            >
              {t('flat.access.addPermission')}
            </Button>
          </Box>
          {access.dirty && !canWrite && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {t('flat.offline')}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
            <Button variant="contained" disabled={!canWrite || !access.dirty || access.save.pending} onClick={access.submit}>
              {t(access.save.pending ? 'flat.saving' : 'flat.save')}
            </Button>
            <Button disabled={!access.dirty || access.save.pending} onClick={access.reset}>
              {t('flat.access.reset')}
            </Button>
          </Box>
        </>
      )}
    </Section>
  );
}
