import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import type { Entrance } from '@contract/entrances';
import { OutlinedField, OutlinedSelect } from '@/components/outlined-field';
import { useT } from '@/features/entrances/messages';
import { EMPTY_GATE, hasPrefix, type EntranceFormValues } from '../model';

interface GatesEditorProps {
  form: UseFormReturn<EntranceFormValues>;
  siblings: readonly Entrance[];
  readOnly: boolean;
}

/** A gate's rows: which entrance it opens for, those flats, the prefix (type 2 only) and extra flats. */
export function GatesEditor({ form, siblings, readOnly }: GatesEditorProps) {
  const t = useT();
  const { control, register, formState } = form;
  const gates = useFieldArray({ control, name: 'gates' });
  const type = useWatch({ control, name: 'type' });
  const withPrefix = hasPrefix(type);
  const errors = formState.errors.gates;
  const field = (message: string | undefined) => ({ error: message, readOnly, required: !readOnly });

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {withPrefix ? t('entrance.gates.hint.2') : t('entrance.gates.hint.4')}
      </Typography>
      {errors?.root?.message && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {errors.root.message}
        </Alert>
      )}
      {gates.fields.length === 0 && <Typography color="text.secondary">{siblings.length === 0 ? t('entrance.gates.noSiblings') : t('entrance.gates.none')}</Typography>}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {gates.fields.map((gate, index) => {
          const gateErrors = errors?.[index];
          const number = index + 1;
          return (
            <Box component="li" key={gate.id} aria-label={t('entrance.gate.title', { index: number })} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
                <Typography sx={{ fontWeight: 600, flex: 1 }}>{t('entrance.gate.title', { index: number })}</Typography>
                {!readOnly && (
                  <IconButton aria-label={t('entrance.gate.remove', { index: number })} onClick={() => gates.remove(index)}>
                    <DeleteOutline />
                  </IconButton>
                )}
              </Box>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: withPrefix ? '3fr 1fr 1fr 1fr 2fr' : '3fr 1fr 1fr 2fr' }, alignItems: 'start' }}>
                <OutlinedSelect
                  {...register(`gates.${index}.entranceUid`)}
                  label={t('entrance.gate.entranceUid')}
                  required={!readOnly}
                  disabled={readOnly}
                  error={gateErrors?.entranceUid?.message}
                  sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, minWidth: 0 }}
                >
                  {gate.entranceUid !== '' && !siblings.some((sibling) => sibling.id === gate.entranceUid) && <option value={gate.entranceUid}>{gate.entranceUid}</option>}
                  {siblings.map((sibling) => (
                    <option key={sibling.id} value={sibling.id}>
                      {t('entrance.gate.entranceOption', { number: sibling.entranceNum, title: sibling.title, start: sibling.range.start, end: sibling.range.end })}
                    </option>
                  ))}
                </OutlinedSelect>
                <OutlinedField {...register(`gates.${index}.from`)} {...field(gateErrors?.from?.message)} label={t('entrance.gate.from')} inputMode="numeric" />
                <OutlinedField {...register(`gates.${index}.to`)} {...field(gateErrors?.to?.message)} label={t('entrance.gate.to')} inputMode="numeric" />
                {withPrefix && <OutlinedField {...register(`gates.${index}.prefix`)} {...field(gateErrors?.prefix?.message)} label={t('entrance.gate.prefix')} inputMode="numeric" />}
                <OutlinedField
                  {...register(`gates.${index}.additionalFlats`)}
                  {...field(gateErrors?.additionalFlats?.message)}
                  required={false}
                  label={t('entrance.gate.additionalFlats')}
                  helperText={t('entrance.gate.additionalFlats.helper')}
                  sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
                />
              </Box>
            </Box>
          );
        })}
      </Box>
      {!readOnly && (
        <Button startIcon={<Add />} onClick={() => gates.append({ ...EMPTY_GATE, entranceUid: siblings[0]?.id ?? '' })} disabled={siblings.length === 0} sx={{ mt: 1.5, minHeight: 44 }}>
          {t('entrance.gate.add')}
        </Button>
      )}
    </Box>
  );
}
