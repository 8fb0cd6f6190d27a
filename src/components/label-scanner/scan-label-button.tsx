import CropFree from '@mui/icons-material/CropFree';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import type { LabelData, LabelField } from './label-text';
import { useT } from './button-messages';

// The camera, the dialog and the code reader load on the first press: the wizard routes stay light.
const LabelScannerDialog = lazy(() => import('./dialog-loader').then((m) => m.loadLabelScannerDialog()));

interface ScanLabelButtonProps {
  want: readonly LabelField[];
  onScan: (label: LabelData) => void;
  /** The button's text; "Сканировать этикетку" by default. */
  label?: string;
  disabled?: boolean;
  fullWidth?: boolean;
}

/** A large button that opens the label scanner and hands back what it read. */
export function ScanLabelButton({ want, onScan, label, disabled, fullWidth }: ScanLabelButtonProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        size="large"
        startIcon={<CropFree />}
        disabled={disabled}
        fullWidth={fullWidth}
        onClick={() => setOpen(true)}
        sx={{ minHeight: 48 }}
      >
        {label ?? t('labelScanner.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <LabelScannerDialog
            want={want}
            onClose={() => setOpen(false)}
            onResult={(result) => {
              setOpen(false);
              onScan(result);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
