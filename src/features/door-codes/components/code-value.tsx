import ContentCopy from '@mui/icons-material/ContentCopy';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { notify } from '@/components/notifications/notify';
import { useT } from '../messages';

/** Always the same length: the mask does not tell how long the code is. */
const MASK = '••••••';

/** A door code, hidden until asked (an operator's screen may be seen by others), with copy. */
export function CodeValue({ code, large = false }: { code: string; large?: boolean }) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(code).then(
      () => notify(t('doorCodes.copied'), { variant: 'success' }),
      () => notify(t('doorCodes.copyFailed'), { variant: 'error' }),
    );
  const label = shown ? t('doorCodes.hide') : t('doorCodes.show');
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, my: -1 }}>
      <Box
        component="span"
        data-testid="code-value"
        sx={{ fontFamily: 'monospace', fontSize: large ? '1.5rem' : '1rem', letterSpacing: shown ? 1 : 2, minWidth: large ? 110 : 72 }}
      >
        {shown ? code : MASK}
      </Box>
      <IconButton aria-label={label} title={label} onClick={() => setShown((current) => !current)} sx={{ width: 40, height: 40 }}>
        {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
      </IconButton>
      <IconButton aria-label={t('doorCodes.copy')} title={t('doorCodes.copy')} onClick={() => void copy()} sx={{ width: 40, height: 40 }}>
        <ContentCopy fontSize="small" />
      </IconButton>
    </Box>
  );
}
