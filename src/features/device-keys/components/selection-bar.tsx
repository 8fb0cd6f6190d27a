import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MULTIPLE_KEY_ACTIONS, type MultipleKeyAction } from '@contract/keys';
import { useT } from '../messages';

interface SelectionBarProps {
  count: number;
  disabled: boolean;
  onAction: (action: MultipleKeyAction) => void;
  onClear: () => void;
}

/** How many keys are picked (across pages) and what can be done to them all at once. */
export function SelectionBar({ count, disabled, onAction, onClear }: SelectionBarProps) {
  const t = useT();
  return (
    <Paper role="toolbar" aria-label={t('deviceKeys.selection')} variant="outlined" sx={{ p: 1, mb: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, bgcolor: 'action.hover' }}>
      <Typography role="status" sx={{ px: 1, flex: { xs: '1 0 100%', sm: '0 0 auto' } }}>
        {t('deviceKeys.selected', { count })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flex: 1 }}>
        {MULTIPLE_KEY_ACTIONS.map((action) => (
          <Button key={action} variant="outlined" color={action === 'deleteKeys' ? 'error' : 'primary'} disabled={disabled} onClick={() => onAction(action)}>
            {t(`deviceKeys.action.${action}`)}
          </Button>
        ))}
      </Box>
      <Button onClick={onClear}>{t('deviceKeys.selection.clear')}</Button>
    </Paper>
  );
}
