import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import type { DoorCode } from '@contract/door-codes';
import { FilterForm } from '@/components/filter-form';
import { OutlinedField } from '@/components/outlined-field';
import { PageSection } from '@/components/page-section';
import { PagedList } from '@/components/paged-list/paged-list';
import { useT } from '../messages';
import type { DoorCodesModel } from '../use-door-codes';
import { CodeActions } from './code-actions';
import { CodeAuthor } from './code-author';
import { CodeExpiry } from './code-expiry';
import { CodeOwed } from './code-owed';
import { CodeValue } from './code-value';
import { LoadingBlock } from './loading-block';

/** The per-flat codes, 50 a page with a flat filter; a table from 900 px, cards below. */
export function FlatCodesSection({ model }: { model: DoorCodesModel }) {
  const t = useT();
  const cards = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const answer = model.answer;
  if (answer && !answer.canFlatDoorCode) {
    return (
      <PageSection title={t('doorCodes.flats.title')}>
        <Alert severity="info">{t('doorCodes.flats.unsupported')}</Alert>
      </PageSection>
    );
  }
  return (
    <PageSection
      title={t('doorCodes.flats.title')}
      count={answer?.pagination.totalCount}
      actions={
        model.canEdit && (
          <Button variant="outlined" startIcon={<Add />} disabled={!model.online} onClick={() => model.openForm({ kind: 'flat' })}>
            {t('doorCodes.flats.add')}
          </Button>
        )
      }
    >
      <FlatFilter key={model.list.filters.flatNum} model={model} />
      <PagedList
        rowCount={model.codes.length}
        loading={model.loading}
        loadingLabel={t('doorCodes.flats.loading')}
        error={model.error}
        errorText={(error) => t('doorCodes.loadError', { error })}
        retry={{ label: t('doorCodes.retry'), onRetry: model.retry }}
        firstLoad={{ pending: model.pending, skeleton: <LoadingBlock label={t('doorCodes.flats.loading')} height={160} /> }}
        emptyText={model.list.filters.flatNum ? t('doorCodes.flats.noneFound') : t('doorCodes.flats.none')}
        pager={{ list: model.list, totalCount: answer?.pagination.totalCount ?? 0, pageSize: answer?.pagination.pageSize || 50, navLabel: t('doorCodes.flats.title') }}
      >
        {cards ? <FlatCodeCards model={model} /> : <FlatCodeTable model={model} />}
      </PagedList>
    </PageSection>
  );
}

function FlatFilter({ model }: { model: DoorCodesModel }) {
  const t = useT();
  const [flat, setFlat] = useState(model.list.filters.flatNum);
  return (
    <FilterForm
      label={t('doorCodes.flats.filter')}
      columns="minmax(160px, 240px) auto auto 1fr"
      smColumns="1fr auto auto"
      applyLabel={t('doorCodes.flats.filterApply')}
      resetLabel={t('doorCodes.flats.filterReset')}
      onSubmit={(event) => {
        event.preventDefault();
        model.list.setFilters({ flatNum: flat.trim() });
      }}
      onReset={() => {
        setFlat('');
        model.list.clearFilters();
      }}
    >
      <OutlinedField
        name="flatNum"
        label={t('doorCodes.flats.filter')}
        size="small"
        value={flat}
        onChange={(event) => setFlat(event.target.value.replace(/\D/g, '').slice(0, 5))}
        inputMode="numeric"
      />
    </FilterForm>
  );
}

function FlatCodeTable({ model }: { model: DoorCodesModel }) {
  const t = useT();
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={t('doorCodes.flats.title')} aria-busy={model.loading}>
        <TableHead>
          <TableRow>
            <TableCell align="right">{t('doorCodes.column.flat')}</TableCell>
            <TableCell>{t('doorCodes.column.code')}</TableCell>
            <TableCell>{t('doorCodes.column.expires')}</TableCell>
            <TableCell sx={{ width: '25%' }}>{t('doorCodes.column.comment')}</TableCell>
            <TableCell>{t('doorCodes.column.author')}</TableCell>
            {model.canEdit && <TableCell>{t('doorCodes.column.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {model.codes.map((code) => (
            <TableRow key={code.id} hover data-flat={code.flatNum}>
              <TableCell align="right">{code.flatNum}</TableCell>
              <TableCell>
                <CodeValue code={code.code} />
                {code.owed && (
                  <Box sx={{ mt: 0.5 }}>
                    <CodeOwed code={code} />
                  </Box>
                )}
              </TableCell>
              <TableCell>
                <CodeExpiry expiresAt={code.expiresAt} expired={code.expired} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{code.comment}</TableCell>
              <TableCell>
                <CodeAuthor code={code} />
              </TableCell>
              {model.canEdit && (
                <TableCell sx={{ py: 0 }}>
                  <CodeActions code={code} model={model} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function FlatCodeCards({ model }: { model: DoorCodesModel }) {
  const t = useT();
  return (
    <Box component="ul" aria-label={t('doorCodes.flats.title')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {model.codes.map((code: DoorCode) => (
        <Paper component="li" key={code.id} variant="outlined" data-flat={code.flatNum} sx={{ p: 1.5, display: 'grid', gap: 0.5, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{t('doorCodes.flatNum', { flat: code.flatNum ?? '' })}</Typography>
            <CodeValue code={code.code} />
          </Box>
          <CodeOwed code={code} />
          <Typography variant="body2">
            {t('doorCodes.column.expires')}: <CodeExpiry expiresAt={code.expiresAt} expired={code.expired} />
          </Typography>
          {code.comment && <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{code.comment}</Typography>}
          <Typography variant="body2" color="text.secondary">
            <CodeAuthor code={code} />
          </Typography>
          {model.canEdit && <CodeActions code={code} model={model} />}
        </Paper>
      ))}
    </Box>
  );
}
