import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
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

interface RowProps {
  /** The name line: the entry's name, its switch and its remove button. */
  head: ReactNode;
  /** The two pickers under it (action and reason, or reason and comment). */
  fields: ReactNode;
}

function Row({ head, fields }: RowProps) {
  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>{head}</Box>
      <Box sx={{ display: 'grid', gap: 1, mt: 0.75, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>{fields}</Box>
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
      sx={{ mr: 0, flexShrink: 0 }}
      control={
        <Switch
          checked={checked}
          disabled={readOnly}
          onChange={(event) => onChange(event.target.checked)}
          slotProps={{ input: { 'aria-label': `${label}: ${t('flat.access.allowed')}` } }}
        />
      }
      label={t(checked ? 'flat.access.on' : 'flat.access.off')}
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
            <Row
              key={row.serviceId}
              head={
                <>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{row.name}</Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                      {row.source ? `${t('flat.access.source')}: ${sourceName(access.options, row.source)}` : row.description}
                    </Typography>
                  </Box>
                  {toggle(row.name, row.access, (value) => access.updateService(row.serviceId, { access: value }))}
                  {canEdit && (
                    <IconButton aria-label={t('flat.access.removeRow', { name: row.name })} onClick={() => access.removeService(row.serviceId)}>
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  )}
                </>
              }
              fields={
                <>
                  <Pick label={t('flat.access.action')} value={row.actionId} list={actions} readOnly={readOnly} onChange={(id) => access.updateService(row.serviceId, { actionId: id })} />
                  <Pick label={t('flat.access.reason')} value={row.reasonId} list={reasons} readOnly={readOnly} onChange={(id) => access.updateService(row.serviceId, { reasonId: id })} />
                </>
              }
            />
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
            <Row
              key={row.permissionName}
              head={
                <>
                  <Typography sx={{ flex: 1, fontWeight: 500, overflowWrap: 'anywhere', minWidth: 0 }}>{row.permissionName}</Typography>
                  {toggle(row.permissionName, row.access, (value) => access.updatePermission(row.permissionName, { access: value }))}
                  {canEdit && (
                    <IconButton aria-label={t('flat.access.removeRow', { name: row.permissionName })} onClick={() => access.removePermission(row.permissionName)}>
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  )}
                </>
              }
              fields={
                <>
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
                  {readOnly ? (
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {t('flat.access.comment')}:{' '}
                      </Box>
                      {row.comment || t('flat.dash')}
                    </Typography>
                  ) : (
                    <TextField
                      size="small"
                      fullWidth
                      label={t('flat.access.comment')}
                      value={row.comment}
                      onChange={(event) => access.updatePermission(row.permissionName, { comment: event.target.value })}
                    />
                  )}
                </>
              }
            />
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
