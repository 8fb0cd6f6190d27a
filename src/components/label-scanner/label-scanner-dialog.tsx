import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { getLabelDetector } from './detector';
import { EMPTY_LABEL, hasFields, parseLabelCodes, type LabelData, type LabelField } from './label-text';
import { useT, type MessageKey } from './messages';
import { useCameraCodes, type CameraState } from './use-camera-codes';

export interface LabelScannerDialogProps {
  /** The fields the caller fills; the dialog closes by itself once all of them are read. */
  want: readonly LabelField[];
  onResult: (label: LabelData) => void;
  onClose: () => void;
}

const ERRORS: Record<Extract<CameraState, { phase: 'error' }>['reason'], MessageKey> = {
  denied: 'labelScanner.error.denied',
  noCamera: 'labelScanner.error.noCamera',
  insecure: 'labelScanner.error.insecure',
  other: 'labelScanner.error.other',
  detector: 'labelScanner.error.detector',
};

/** The camera picture with what has been read so far; a photo of the label works where the camera does not. */
export function LabelScannerDialog({ want, onResult, onClose }: LabelScannerDialogProps) {
  const t = useT();
  const titleId = useId();
  const phone = useMediaQuery('(max-width:599.95px)');
  const [found, setFound] = useState<LabelData>(EMPTY_LABEL);
  const [photoNote, setPhotoNote] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const done = useRef(false);

  const onCodes = useCallback((texts: string[]) => setFound((known) => parseLabelCodes(texts, known)), []);
  const { state: camera, video } = useCameraCodes(onCodes);

  const finish = useCallback(
    (label: LabelData) => {
      if (done.current) return;
      done.current = true;
      onResult(label);
    },
    [onResult],
  );

  useEffect(() => {
    if (hasFields(found, want)) finish(found);
  }, [found, want, finish]);

  const readPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setReading(true);
    setPhotoNote(null);
    try {
      const texts = await (await getLabelDetector()).detect(file);
      const next = parseLabelCodes(texts, found);
      if (next.serialNumber === found.serialNumber && next.mac === found.mac) setPhotoNote(t('labelScanner.photo.nothing'));
      setFound(next);
    } catch (error) {
      setPhotoNote(t('labelScanner.error.detector', { error: error instanceof Error ? error.message : String(error) }));
    } finally {
      setReading(false);
    }
  };

  const anyFound = want.some((field) => found[field] !== null);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullScreen={phone} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('labelScanner.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('labelScanner.hint')}
        </Typography>
        {camera.phase === 'error' ? (
          <Alert severity="warning">{t(ERRORS[camera.reason], { error: camera.detail })}</Alert>
        ) : (
          <Box sx={{ position: 'relative', bgcolor: 'common.black', borderRadius: 2, overflow: 'hidden', aspectRatio: '4 / 3' }}>
            <Box
              component="video"
              ref={video}
              muted
              playsInline
              aria-label={t('labelScanner.video')}
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
            <Box
              aria-hidden
              sx={{ position: 'absolute', inset: '18%', border: 3, borderColor: 'rgba(255,255,255,0.85)', borderRadius: 2, pointerEvents: 'none' }}
            />
            <Box
              role="status"
              sx={{ position: 'absolute', left: 8, bottom: 8, display: 'flex', alignItems: 'center', gap: 1, color: 'common.white', bgcolor: 'rgba(0,0,0,0.55)', px: 1, py: 0.5, borderRadius: 1 }}
            >
              <CircularProgress size={14} color="inherit" />
              <Typography variant="caption">{camera.phase === 'starting' ? t('labelScanner.starting') : t('labelScanner.scanning')}</Typography>
            </Box>
          </Box>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} aria-live="polite">
          {want.map((field) => {
            const value = found[field];
            return (
              <Chip
                key={field}
                color={value === null ? 'default' : 'success'}
                variant={value === null ? 'outlined' : 'filled'}
                label={value === null ? t(`labelScanner.missing.${field}`) : t(`labelScanner.found.${field}`, { value })}
                sx={{ fontFamily: value === null ? undefined : 'monospace', maxWidth: '100%' }}
              />
            );
          })}
        </Box>
        {photoNote && <Alert severity="info">{photoNote}</Alert>}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, p: 2 }}>
        <Button component="label" startIcon={reading ? <CircularProgress size={18} /> : <PhotoCamera />} disabled={reading} sx={{ minHeight: 48, mr: 'auto' }}>
          {t('labelScanner.photo')}
          <input hidden type="file" accept="image/*" capture="environment" onChange={(event) => void readPhoto(event)} />
        </Button>
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {t('labelScanner.cancel')}
        </Button>
        <Button variant="contained" disabled={!anyFound} onClick={() => finish(found)} sx={{ minHeight: 48 }}>
          {t('labelScanner.use')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
