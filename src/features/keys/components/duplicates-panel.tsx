import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useId, type FormEvent } from 'react';
import { NUMBER_SYSTEMS } from '@contract/keys';
import { useT } from '../messages';
import { DUPLICATE_SEARCH_MAX, type NumberSystem } from '../model';
import { useDuplicates } from '../use-duplicates';

// Shown only after a search, with its checkboxes and confirm: loaded then (the route's 250 KB budget).
const DuplicateResults = lazy(() => import('./duplicate-results').then((module) => ({ default: module.DuplicateResults })));

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
            {t(model.system === 'hex' ? 'keys.dup.invalid.hex' : 'keys.dup.invalid.dec', {
              lines: pasted.invalid
                .slice(0, 10)
                .map((line) => t('keys.dup.invalidLine', line))
                .join(', ') + (pasted.invalid.length > 10 ? '…' : ''),
            })}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <Box role="group" aria-labelledby={`${id}-system`} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography id={`${id}-system`} color="text.secondary">
              {t('keys.dup.system')}
            </Typography>
            {/* Two pressed-or-not buttons rather than MUI's RadioGroup: lighter on the route. */}
            <Box sx={{ display: 'inline-flex' }}>
              {[...NUMBER_SYSTEMS].reverse().map((system, index) => (
                <Button
                  key={system}
                  variant="outlined"
                  aria-pressed={model.system === system}
                  onClick={() => model.setSystem(system)}
                  sx={{
                    borderRadius: index === 0 ? '4px 0 0 4px' : '0 4px 4px 0',
                    ml: index === 0 ? 0 : '-1px',
                    ...(model.system === system ? { bgcolor: 'action.selected', fontWeight: 700 } : { color: 'text.secondary' }),
                  }}
                >
                  {systemLabel(system)}
                </Button>
              ))}
            </Box>
          </Box>
          <Button type="submit" variant="contained" disabled={!online || model.searching || pasted.overCap}>
            {t('keys.dup.search')}
          </Button>
        </Box>
        {model.searching && <LinearProgress aria-label={t('keys.dup.searching')} />}
        {model.searchError && <Alert severity="error">{t('keys.dup.searchError', { error: model.searchError })}</Alert>}
      </Paper>
      <Suspense>{model.searched && <DuplicateResults model={model} canDelete={canDelete} online={online} />}</Suspense>
    </>
  );
}
