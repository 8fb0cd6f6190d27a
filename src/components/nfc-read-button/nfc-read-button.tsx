import Nfc from '@mui/icons-material/Nfc';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { formatUid, parseSerialNumber, uidToKeyValue, type KeyKindName } from '@/lib/nfc/uid';
import { NFC_SCAN_TIMEOUT_MS, NfcReadError, nfcPermission, nfcSupport, readCardSerial, type NfcUnavailable } from '@/lib/nfc/web-nfc';
import { useT, type Translate } from './messages';

interface NfcReadButtonProps {
  /** The key type the value is for; '' while none is chosen. */
  kind: KeyKindName | '';
  /** The field's value: a card read again under another type or byte order replaces only what the button put there. */
  value: string;
  onValue: (value: string) => void;
  disabled?: boolean;
}

type ReadState =
  | { kind: 'idle' }
  | { kind: 'scanning'; readingError: boolean }
  | { kind: 'read'; uid: Uint8Array }
  | { kind: 'error'; text: string };

const ORDER_KEY = 'nfc-read.reversed';

function storedReversed(): boolean {
  try {
    return localStorage.getItem(ORDER_KEY) === '1';
  } catch {
    return false;
  }
}

function storeReversed(reversed: boolean): void {
  try {
    localStorage.setItem(ORDER_KEY, reversed ? '1' : '0');
  } catch {
    // A private window without storage: the choice lasts until the form closes.
  }
}

function listText(t: Translate, items: readonly number[]): string {
  return items.length > 1 ? t('nfcRead.or', { list: items.slice(0, -1).join(', '), last: items[items.length - 1] }) : String(items[0]);
}

function failureText(t: Translate, error: unknown): string | null {
  if (!(error instanceof NfcReadError)) return t('nfcRead.error.other', { error: String(error) });
  switch (error.failure) {
    case 'aborted':
      return null;
    case 'denied':
      return t('nfcRead.unavailable.denied');
    case 'timeout':
      return t('nfcRead.error.timeout', { seconds: Math.round(NFC_SCAN_TIMEOUT_MS / 1000) });
    case 'unsupported':
      return t('nfcRead.error.unsupported');
    case 'unreadable':
      return t('nfcRead.error.unreadable');
    case 'other':
      return t('nfcRead.error.other', { error: error.message });
  }
}

const UNAVAILABLE_TEXT: Record<NfcUnavailable, 'nfcRead.unavailable.insecure' | 'nfcRead.unavailable.unsupported' | 'nfcRead.unavailable.denied'> = {
  insecure: 'nfcRead.unavailable.insecure',
  unsupported: 'nfcRead.unavailable.unsupported',
  denied: 'nfcRead.unavailable.denied',
};

/**
 * «Считать карту»: reads a card's UID with Web NFC into the key value field, converted for the key
 * type (src/lib/nfc/uid.ts). Where Web NFC is missing the button is disabled and says why; the
 * field stays typed. The scan stops when the form closes.
 */
export function NfcReadButton({ kind, value, onValue, disabled }: NfcReadButtonProps) {
  const t = useT();
  const statusId = useId();
  const [unavailable, setUnavailable] = useState<NfcUnavailable | null>(() => nfcSupport());
  const [reversed, setReversed] = useState(storedReversed);
  const [state, setState] = useState<ReadState>({ kind: 'idle' });
  const scan = useRef<AbortController | null>(null);
  const written = useRef<string | null>(null);

  useEffect(() => {
    if (unavailable !== null) return;
    let live = true;
    void nfcPermission().then((permission) => {
      if (live && permission === 'denied') setUnavailable('denied');
    });
    return () => {
      live = false;
    };
  }, [unavailable]);

  // The form closed mid-scan: the reader lets go of NFC.
  useEffect(() => () => scan.current?.abort(), []);

  const converted = state.kind === 'read' && kind !== '' ? uidToKeyValue(kind, state.uid, reversed ? 'reversed' : 'as-read') : null;
  const convertedValue = converted?.ok ? converted.value : null;

  // A card read under one type (or byte order) is converted again when it changes, unless the value was typed over since.
  useEffect(() => {
    if (convertedValue === null || convertedValue === written.current) return;
    if (written.current !== null && value !== written.current) return;
    written.current = convertedValue;
    onValue(convertedValue);
  }, [convertedValue, value, onValue]);

  const start = async () => {
    if (state.kind === 'scanning') {
      scan.current?.abort();
      return;
    }
    const controller = new AbortController();
    scan.current = controller;
    setState({ kind: 'scanning', readingError: false });
    try {
      const serial = await readCardSerial({ signal: controller.signal, onReadingError: () => setState({ kind: 'scanning', readingError: true }) });
      const uid = parseSerialNumber(serial);
      written.current = null;
      setState(uid ? { kind: 'read', uid } : { kind: 'error', text: t('nfcRead.error.unreadable') });
    } catch (error) {
      if (error instanceof NfcReadError && error.failure === 'denied') setUnavailable('denied');
      const text = failureText(t, error);
      setState(text === null ? { kind: 'idle' } : { kind: 'error', text });
    } finally {
      if (scan.current === controller) scan.current = null;
    }
  };

  const scanning = state.kind === 'scanning';
  let status: { text: string; error: boolean } | null = null;
  if (unavailable !== null) status = { text: t(UNAVAILABLE_TEXT[unavailable]), error: false };
  else if (kind === '') status = { text: t('nfcRead.noType'), error: false };
  else if (state.kind === 'scanning') status = { text: t(state.readingError ? 'nfcRead.readingError' : 'nfcRead.scanning'), error: false };
  else if (state.kind === 'error') status = { text: state.text, error: true };
  else if (state.kind === 'read' && converted) {
    const uid = formatUid(state.uid);
    status = converted.ok
      ? { text: t(converted.padded > 0 ? 'nfcRead.read.padded' : 'nfcRead.read', { uid, bytes: state.uid.length, value: converted.value, type: kind }), error: false }
      : { text: t('nfcRead.error.length', { uid, bytes: converted.bytes, type: kind, accepted: listText(t, converted.accepted) }), error: true };
  }

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5, minWidth: 0 }}>
      <Button
        variant="outlined"
        startIcon={scanning ? <CircularProgress size={18} aria-hidden /> : <Nfc />}
        disabled={disabled || unavailable !== null || kind === ''}
        onClick={() => void start()}
        aria-describedby={status ? statusId : undefined}
        sx={{ minHeight: 44 }}
      >
        {t(scanning ? 'nfcRead.cancel' : 'nfcRead.button')}
      </Button>
      {unavailable === null && (
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={reversed}
              onChange={(event) => {
                setReversed(event.target.checked);
                storeReversed(event.target.checked);
              }}
            />
          }
          label={t('nfcRead.reversed')}
          title={t('nfcRead.reversed.hint')}
        />
      )}
      <Typography
        id={statusId}
        role="status"
        variant="body2"
        color={status?.error ? 'error' : 'text.secondary'}
        sx={{ flexBasis: '100%', overflowWrap: 'anywhere', minWidth: 0, '&:empty': { display: 'none' } }}
      >
        {status?.text ?? ''}
      </Typography>
    </Box>
  );
}
