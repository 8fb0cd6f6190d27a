import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditNote from '@mui/icons-material/EditNoteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageSection, type PageSectionProps } from '@/components/page-section';
import { useT } from '@/features/access/messages';
import type { CatalogueKind } from '../model';
import { useBulkEditor } from '../use-bulk-editor';
import { useCatalogue } from '../use-catalogue';
import { BulkEditor } from './bulk-editor';
import { EntryDialog } from './entry-dialog';
import { EntryTable } from './entry-table';

const TEXT = {
  reasons: {
    title: 'access.catalogue.reasons',
    add: 'access.catalogue.add.reasons',
    create: 'access.catalogue.create.reasons',
    edit: 'access.catalogue.edit.reasons',
    bulk: 'access.catalogue.bulk.title.reasons',
  },
  actions: {
    title: 'access.catalogue.actions',
    add: 'access.catalogue.add.actions',
    create: 'access.catalogue.create.actions',
    edit: 'access.catalogue.edit.actions',
    bulk: 'access.catalogue.bulk.title.actions',
  },
} as const;

/** A titled, framed part of the catalogue tab: its tables run to the frame's edges. */
export function SectionFrame(props: Omit<PageSectionProps, 'flush'>) {
  return <PageSection flush {...props} />;
}

/** Loading, error and empty states shared by the catalogue's lists. */
export function SectionBody({ loading, error, empty, onRetry, children }: { loading: boolean; error: string | null; empty: boolean; onRetry: () => void; children: ReactNode }) {
  const t = useT();
  if (loading) {
    return (
      <Box sx={{ p: 2 }} aria-busy="true">
        <Skeleton height={32} />
        <Skeleton height={32} />
        <Skeleton height={32} />
      </Box>
    );
  }
  if (error) {
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('access.retry')}
          </Button>
        }
      >
        {t('access.catalogue.loadError', { error })}
      </Alert>
    );
  }
  if (empty) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {t('access.catalogue.empty')}
      </Typography>
    );
  }
  return <>{children}</>;
}

/** Reasons or actions: listed, created and edited in a dialog, deleted after a confirmation, edited all at once. */
export function CatalogueSection({ kind, canWrite, online }: { kind: CatalogueKind; canWrite: boolean; online: boolean }) {
  const t = useT();
  const text = TEXT[kind];
  const catalogue = useCatalogue(kind);
  const bulk = useBulkEditor(kind, catalogue.entries);
  const showControls = canWrite && !bulk.active;

  return (
    <SectionFrame
      title={bulk.active ? t(text.bulk) : t(text.title)}
      actions={
        showControls && (
          <>
            <Button startIcon={<EditNote />} onClick={bulk.start} disabled={catalogue.entries.length === 0}>
              {t('access.catalogue.bulk')}
            </Button>
            <Button variant="contained" startIcon={<Add />} onClick={catalogue.startCreate}>
              {t(text.add)}
            </Button>
          </>
        )
      }
    >
      {catalogue.refusal && (
        <Alert severity="error" role="alert" onClose={catalogue.dismissRefusal} sx={{ m: 2 }}>
          {catalogue.refusal}
        </Alert>
      )}
      <SectionBody loading={catalogue.loading} error={catalogue.error} empty={catalogue.entries.length === 0} onRetry={catalogue.retry}>
        {bulk.active ? (
          <BulkEditor editor={bulk} label={t(text.bulk)} online={online} />
        ) : (
          <EntryTable
            label={t(text.title)}
            rows={catalogue.entries}
            actions={
              canWrite
                ? (entry) => (
                    <>
                      <IconButton size="small" aria-label={t('access.catalogue.editEntry', { name: entry.name })} title={t('access.catalogue.editEntry', { name: entry.name })} onClick={() => catalogue.startEdit(entry)}>
                        <EditOutlined fontSize="small" />
                      </IconButton>
                      <IconButton
                        size="small"
                        aria-label={t('access.catalogue.deleteEntry', { name: entry.name })}
                        title={t('access.catalogue.deleteEntry', { name: entry.name })}
                        disabled={!online}
                        onClick={() => catalogue.askDelete(entry)}
                      >
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </>
                  )
                : undefined
            }
          />
        )}
      </SectionBody>
      {canWrite && (
        <>
          {catalogue.editing && (
            <EntryDialog
              key={catalogue.editing.entry?.id ?? 'new'}
              open
              title={catalogue.editing.entry ? t(text.edit) : t(text.create)}
              entry={catalogue.editing.entry}
              online={online}
              onSave={catalogue.save}
              onClose={catalogue.stopEditing}
            />
          )}
          <ConfirmDialog
            open={catalogue.deleting !== null}
            danger
            busy={catalogue.removing}
            title={t('access.catalogue.delete.title')}
            text={t('access.catalogue.delete.text', { name: catalogue.deleting?.name ?? '' })}
            confirmLabel={t('confirm.delete')}
            onConfirm={catalogue.confirmDelete}
            onClose={catalogue.cancelDelete}
          />
        </>
      )}
    </SectionFrame>
  );
}
