import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, type FormEvent } from 'react';
import { NUMBER_SYSTEMS } from '@contract/keys';
import { useT } from '../messages';
import { DUPLICATE_SEARCH_MAX, type NumberSystem } from '../model';
import { useDuplicates } from '../use-duplicates';
import { DuplicateResults } from './duplicate-results';

interface DuplicatesPanelProps {
  /** Support searches but deletes nothing. */
  canDelete: boolean;
  online: boolean;
  onDeleted: () => unknown;
}

/** Many values pasted, one a line: where each lives (or that it lives nowhere), and the chosen copies deleted. */
export function DuplicatesPanel({ canDelete, online, onDeleted }: DuplicatesPanelProps) {
  const t = useT();
  const id = useId();
  const model = useDuplicates({ onDeleted });
  const { pasted } = model;
  const systemLabel = (system: NumberSystem) => (system === 'hex' ? t('keys.dup.system.hex') : t('keys.dup.system.dec'));

  const problem = pasted.overCap
    ? t('keys.dup.overCap', { count: pasted.values.length, max: DUPLICATE_SEARCH_MAX })
    : model.tried && pasted.values.length === 0
      ? t('keys.dup.empty')
      : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    model.submit();
  };

  return (
    <>
      <Paper component="form" variant="outlined" noValidate onSubmit={submit} aria-label={t('keys.view.duplicates')} sx={{ p: 2, mb: 2, display: 'grid', gap: 1.5 }}>
        <FormControl fullWidth error={problem !== null}>
          <InputLabel htmlFor={`${id}-values`} shrink>
            {t('keys.dup.values')}
          </InputLabel>
          <OutlinedInput
            id={`${id}-values`}
            label={t('keys.dup.values')}
            notched
            multiline
            minRows={6}
            maxRows={16}
            value={model.text}
            onChange={(event) => model.setText(event.target.value)}
            inputProps={{ spellCheck: false, autoCapitalize: 'off', 'aria-describedby': `${id}-help`, style: { fontFamily: 'monospace' } }}
          />
          <FormHelperText id={`${id}-help`}>
            {problem ?? `${t('keys.dup.count', { count: pasted.values.length, max: DUPLICATE_SEARCH_MAX })}. ${t('keys.dup.hint', { max: DUPLICATE_SEARCH_MAX })}`}
          </FormHelperText>
        </FormControl>
        {pasted.repeated.length > 0 && (
          <Alert severity="info" sx={{ overflowWrap: 'anywhere' }}>
            {t('keys.dup.repeated', { values: pasted.repeated.join(', ') })}
          </Alert>
        )}
        {pasted.invalid.length > 0 && (
          <Alert severity="warning" sx={{ overflowWrap: 'anywhere' }}>
            {t('keys.dup.invalid', {
              system: systemLabel(model.system),
              lines: pasted.invalid
                .slice(0, 10)
                .map((line) => t('keys.dup.invalidLine', line))
                .join(', ') + (pasted.invalid.length > 10 ? '…' : ''),
            })}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <FormControl>
            <FormLabel id={`${id}-system`}>{t('keys.dup.system')}</FormLabel>
            <RadioGroup row aria-labelledby={`${id}-system`} value={model.system} onChange={(event) => model.setSystem(event.target.value as NumberSystem)}>
              {[...NUMBER_SYSTEMS].reverse().map((system) => (
                <FormControlLabel key={system} value={system} control={<Radio />} label={systemLabel(system)} />
              ))}
            </RadioGroup>
          </FormControl>
          <Button type="submit" variant="contained" disabled={!online || model.searching || pasted.overCap}>
            {t('keys.dup.search')}
          </Button>
        </Box>
        {model.searching && <LinearProgress aria-label={t('keys.dup.searching')} />}
        {model.searchError && <Alert severity="error">{t('keys.dup.searchError', { error: model.searchError })}</Alert>}
      </Paper>
      {model.searched && <DuplicateResults model={model} canDelete={canDelete} online={online} />}
    </>
  );
}
