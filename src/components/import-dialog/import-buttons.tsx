import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { notify } from '@/components/notifications/notify';
import { errorMessage } from '@/lib/http';
import { useT } from './messages';

const ImportDialog = lazy(() => import('./import-dialog').then((module) => ({ default: module.ImportDialog })));

interface ImportButtonsProps {
  house: string;
  /** The user may import (flat editors); the export is for every reader. */
  canImport: boolean;
}

/** «Import» (the dialog loads on demand) and «Export CSV» of a house's flats with residents. */
export function FlatImportButtons({ house, canImport }: ImportButtonsProps) {
  const t = useT();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const onImported = useCallback(() => void client.invalidateQueries(), [client]);

  async function exportFlats() {
    setExporting(true);
    try {
      const { downloadCsv, flatsExportUrl } = await import('./api');
      await downloadCsv(flatsExportUrl(house), `flats-${house}.csv`);
    } catch (error) {
      notify(t('import.exportFailed', { error: errorMessage(error) }), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {canImport && (
        <Button variant="outlined" sx={{ minHeight: 44 }} onClick={() => setOpen(true)}>
          {t('import.open')}
        </Button>
      )}
      <Button variant="outlined" sx={{ minHeight: 44 }} disabled={exporting} onClick={() => void exportFlats()}>
        {exporting ? t('import.exporting') : t('import.export')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog kind="flats" house={house} onClose={() => setOpen(false)} onImported={onImported} />
        </Suspense>
      )}
    </Stack>
  );
}
