import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { KEYS_EXPORT_PATTERN, flatsExportPath } from '@contract/imports';
import { notify } from '@/components/notifications/notify';
import { buildQueryString, errorMessage } from '@/lib/http';
import type { ImportTarget } from './api';
import { useT } from './messages';

const ImportDialog = lazy(() => import('./import-dialog').then((module) => ({ default: module.ImportDialog })));

interface ImportButtonsProps {
  target: ImportTarget;
  /** The user may import (the kind's editors); the export is for every reader. */
  canImport: boolean;
  /** The export's URL and the file name to fall back on. */
  exportUrl: string;
  exportName: string;
  /** Import needs the server: off while offline. */
  disabled?: boolean;
}

/** «Import» (the dialog loads on demand) and «Export CSV» of the same columns. */
export function ImportButtons({ target, canImport, exportUrl, exportName, disabled = false }: ImportButtonsProps) {
  const t = useT();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const onImported = useCallback(() => void client.invalidateQueries(), [client]);

  async function exportCsv() {
    setExporting(true);
    try {
      const { downloadCsv } = await import('./api');
      await downloadCsv(exportUrl, exportName);
    } catch (error) {
      notify(t('import.exportFailed', { error: errorMessage(error) }), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {canImport && (
        <Button variant="outlined" sx={{ minHeight: 44 }} disabled={disabled} onClick={() => setOpen(true)}>
          {t('import.open')}
        </Button>
      )}
      <Button variant="outlined" sx={{ minHeight: 44 }} disabled={exporting || disabled} onClick={() => void exportCsv()}>
        {exporting ? t('import.exporting') : t('import.export')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog target={target} onClose={() => setOpen(false)} onImported={onImported} />
        </Suspense>
      )}
    </Stack>
  );
}

/** A house's flats with residents. */
export function FlatImportButtons({ house, canImport }: { house: string; canImport: boolean }) {
  return <ImportButtons target={{ kind: 'flats', house }} canImport={canImport} exportUrl={flatsExportPath(house)} exportName={`flats-${house}.csv`} />;
}

/** The keys of the user's devices; the export holds what the /keys list shows with these filters (blank ones left out). */
export function KeyImportButtons({ filters, canImport, disabled }: { filters: Record<string, string | number | undefined>; canImport: boolean; disabled?: boolean }) {
  return <ImportButtons target={{ kind: 'keys' }} canImport={canImport} disabled={disabled} exportUrl={KEYS_EXPORT_PATTERN + buildQueryString(filters)} exportName="keys.csv" />;
}
