import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PageSection } from '@/components/page-section';
import { useT } from '../messages';
import type { DoorCodesModel } from '../use-door-codes';
import { CodeActions } from './code-actions';
import { CodeAuthor } from './code-author';
import { CodeExpiry } from './code-expiry';
import { CodeOwed } from './code-owed';
import { CodeValue } from './code-value';

/** The device's one common code: its digits (hidden until asked), expiry, comment and actions. */
export function CommonCodeSection({ model }: { model: DoorCodesModel }) {
  const t = useT();
  const common = model.answer?.common ?? null;
  return (
    <PageSection
      title={t('doorCodes.common.title')}
      actions={
        model.canEdit &&
        common === null && (
          <Button variant="outlined" startIcon={<Add />} disabled={!model.online} onClick={() => model.openForm({ kind: 'common' })}>
            {t('doorCodes.common.add')}
          </Button>
        )
      }
    >
      {common === null ? (
        <Typography color="text.secondary">{t('doorCodes.common.none')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { xs: 1, sm: 3 } }}>
          <CodeValue code={common.code} large />
          <Box sx={{ display: 'grid', gap: 0.5, flex: '1 1 220px', minWidth: 0 }}>
            <CodeOwed code={common} />
            <Typography variant="body2">
              {t('doorCodes.column.expires')}: <CodeExpiry expiresAt={common.expiresAt} expired={common.expired} />
            </Typography>
            {common.comment && <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{common.comment}</Typography>}
            <Typography variant="body2" color="text.secondary">
              <CodeAuthor code={common} />
            </Typography>
          </Box>
          {model.canEdit && <CodeActions code={common} model={model} />}
        </Box>
      )}
    </PageSection>
  );
}
