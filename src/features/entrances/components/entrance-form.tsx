import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { ENTRANCE_TYPES, type Entrance } from '@contract/entrances';
import { useEntranceTypeName } from '@/components/entrance-type-name';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import { OutlinedField, OutlinedSelect } from '@/components/outlined-field';
import { PageSection } from '@/components/page-section';
import { useT } from '@/features/entrances/messages';
import { placeFieldErrors } from '@/lib/field-errors';
import { checkEntrance, entranceFieldOf, entranceFormValues, isGateType, type EntranceFormValues } from '../model';
import { GatesEditor } from './gates-editor';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes/use-unsaved-changes-guard';

interface EntranceFormProps {
  entrance: Entrance;
  siblings: readonly Entrance[];
  canEdit: boolean;
  online: boolean;
  onSave: (values: EntranceFormValues) => Promise<unknown>;
}

/** Puts `message` at a dotted path of the errors object (`gates.0.prefix`). */
function putError(errors: Record<string, unknown>, path: string, message: string): void {
  const parts = path.split('.');
  let node = errors;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= /^\d+$/.test(parts[parts.indexOf(part) + 1] ?? '') ? [] : {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1) ?? path] = { type: 'rule', message };
}

/** Type, number, title, flat range and the gates: checked by contract/entrance-rules.ts as the server checks them. */
export function EntranceForm({ entrance, siblings, canEdit, online, onSave }: EntranceFormProps) {
  const t = useT();
  const typeName = useEntranceTypeName();
  const reasonText = useFieldReasonText();
  // The resolver reads the siblings of the latest render: they may arrive after the form.
  const siblingsRef = useRef(siblings);
  useEffect(() => {
    siblingsRef.current = siblings;
  }, [siblings]);
  const resolver: Resolver<EntranceFormValues> = (values) => {
    const placed = checkEntrance(values, siblingsRef.current);
    const errors: Record<string, unknown> = {};
    for (const { field, message } of placed.fields) putError(errors, field, message);
    if (placed.rest.length > 0) putError(errors, 'gates.root', placed.rest.join('; '));
    return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors: errors as FieldErrors<EntranceFormValues> };
  };
  const form = useForm<EntranceFormValues>({ defaultValues: entranceFormValues(entrance), resolver });
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty, isSubmitted, isValid },
  } = form;
  const type = useWatch({ control, name: 'type' });
  useUnsavedChangesGuard(canEdit && isDirty);
  const readOnly = !canEdit;
  const at = (name: 'title' | 'entranceNum' | 'rangeStart' | 'rangeEnd') => ({ error: errors[name]?.message ?? Boolean(errors[name]), readOnly, required: canEdit });

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(values);
      reset(values);
    } catch (error) {
      const banner = placeFieldErrors(error, entranceFieldOf, (field, reason) => setError(field, { type: 'server', message: reasonText(reason) }, { shouldFocus: true }));
      if (banner) setError('root.server', { message: banner });
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <PageSection title={t('entrance.section.main')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(240px, 2fr) minmax(90px, 1fr) 3fr minmax(140px, 1fr) minmax(140px, 1fr)' }, alignItems: 'start' }}>
          <OutlinedSelect {...register('type')} label={t('entrance.field.type')} required={canEdit} disabled={readOnly} sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            {ENTRANCE_TYPES.map((option) => (
              <option key={option} value={String(option)}>
                {`${option} — ${typeName(option)}`}
              </option>
            ))}
          </OutlinedSelect>
          <OutlinedField {...register('entranceNum')} {...at('entranceNum')} label={t('entrance.field.entranceNum')} inputMode="numeric" />
          <OutlinedField {...register('title')} {...at('title')} label={t('entrance.field.title')} sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }} />
          <OutlinedField {...register('rangeStart')} {...at('rangeStart')} label={t('entrance.field.rangeStart')} inputMode="numeric" />
          <OutlinedField {...register('rangeEnd')} {...at('rangeEnd')} label={t('entrance.field.rangeEnd')} inputMode="numeric" />
        </Box>
      </PageSection>
      {isGateType(type) && (
        <PageSection title={t('entrance.section.gates')}>
          <GatesEditor form={form} siblings={siblings} readOnly={readOnly} />
        </PageSection>
      )}
      {errors.root?.server && <Alert severity="error">{errors.root.server.message}</Alert>}
      {isSubmitted && !isValid && !errors.root?.server && <Alert severity="error">{t('entrance.check.failed')}</Alert>}
      {canEdit && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={!online || isSubmitting || !isDirty} sx={{ minHeight: 44 }}>
            {isSubmitting ? t('entrance.saving') : t('entrance.save')}
          </Button>
          <Button type="button" disabled={isSubmitting || !isDirty} onClick={() => reset(entranceFormValues(entrance))} sx={{ minHeight: 44 }}>
            {t('entrance.reset')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
