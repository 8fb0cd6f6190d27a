import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { defineCatalog } from '@/i18n/i18n';

const { useT } = defineCatalog(
  { 'secret.show': 'Показать пароль', 'secret.hide': 'Скрыть пароль' },
  // Two English strings: inline rather than a chunk of their own.
  { en: () => Promise.resolve({ 'secret.show': 'Show password', 'secret.hide': 'Hide password' }) },
);

/** Always the same length: the mask does not tell how long the password is. */
const MASK = '••••••••';

interface RevealButtonProps {
  shown: boolean;
  onToggle: () => void;
  edge?: 'end' | false;
}

/** The eye beside a password: shows it to be read, or hides it again. */
export function RevealButton({ shown, onToggle, edge = 'end' }: RevealButtonProps) {
  const t = useT();
  const label = shown ? t('secret.hide') : t('secret.show');
  return (
    <IconButton
      aria-label={label}
      title={label}
      edge={edge}
      // A field keeps its focus (and a phone its keyboard) when the eye is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onToggle}
      sx={{ width: 44, height: 44 }}
    >
      {shown ? <VisibilityOff /> : <Visibility />}
    </IconButton>
  );
}

/** A password on a review step: masked, with the eye to read it; an empty one reads as `empty`. */
export function SecretText({ value, empty }: { value: string; empty: string }) {
  const [shown, setShown] = useState(false);
  if (value === '') return empty;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, maxWidth: '100%', my: -1.25 }}>
      <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere', fontFamily: shown ? 'monospace' : undefined, letterSpacing: shown ? undefined : 2 }}>
        {shown ? value : MASK}
      </Box>
      <RevealButton shown={shown} onToggle={() => setShown((current) => !current)} edge={false} />
    </Box>
  );
}
