import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ACCESS_RULES } from '@/app/access-rules';
import { useSession } from '@/lib/session';
import { useT } from '../messages';
import type { FlatKeyGroup } from '../model';
import { useFlat } from '../use-flat-card';
import { useFlatKeys } from '../use-flat-keys';
import { useFlatLabel } from '../use-flat-status';
import { EmptyNote, Section } from './section';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { PendingKeys } from '@/components/queued-keys/pending-keys';

const KeyAddDialog = lazy(() => import('./key-add-dialog').then((m) => ({ default: m.KeyAddDialog })));

export function KeysSection() {
  const t = useT();
  const { canEdit, canWrite } = useFlat();
  const keys = useFlatKeys();
  const label = useFlatLabel();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<FlatKeyGroup | null>(null);
  // Each key's device opens that device's keys, for those the app lets in there.
  const session = useSession();
  const opensDeviceKeys = ACCESS_RULES.deviceKeys.allows(session);
  const canAdd = canWrite || keys.queueing;

  return (
    <Section
      id="keys"
      title={t('flat.section.keys')}
      count={keys.groups.length}
      error={keys.remove.error}
      actions={
        canEdit && (
          <Button
            size="small"
            startIcon={<AddIcon />}
            disabled={!canAdd}
            onClick={() => {
              keys.clearOutcomes();
              setAdding(true);
            }}
          >
            {t('flat.keys.add')}
          </Button>
        )
      }
    >
      <PendingKeys keys={keys.pending} outboxPath={ACCESS_RULES.outbox.allows(session) ? '/outbox' : undefined} />
      {keys.groups.length === 0 ? (
        <EmptyNote>{t('flat.keys.none')}</EmptyNote>
      ) : (
        <Box component="ul" aria-label={t('flat.section.keys')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {keys.groups.map((group) => (
            <Box
              component="li"
              key={group.value}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontFamily: 'monospace', fontSize: '0.95rem', overflowWrap: 'anywhere' }}>
                  {group.value}
                  {group.blocked && <Chip size="small" color="warning" label={t('flat.keys.blocked')} sx={{ ml: 1 }} />}
                </Typography>
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.25 }} aria-label={t('flat.keys.devices')}>
                  {group.devices.map((device) =>
                    device.mac && opensDeviceKeys ? (
                      <Link
                        key={`${device.deviceId}-${device.keyId}`}
                        component={RouterLink}
                        to={`/devices/${encodeURIComponent(device.mac)}/keys`}
                        aria-label={`${t('flat.section.keys')} ${device.mac}`}
                        variant="caption"
                        sx={{ fontFamily: 'monospace' }}
                      >
                        {device.mac}
                      </Link>
                    ) : (
                      <Typography key={`${device.deviceId}-${device.keyId}`} variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                        {device.mac ?? t('flat.dash')}
                      </Typography>
                    ),
                  )}
                </Box>
              </Box>
              {canEdit && (
                <IconButton
                  aria-label={t('flat.keys.remove', { value: group.value })}
                  disabled={!canWrite || keys.remove.pending}
                  onClick={() => setRemoving(group)}
                >
                  <DeleteIcon />
                </IconButton>
              )}
            </Box>
          ))}
        </Box>
      )}
      {adding && (
        <Suspense fallback={null}>
          <KeyAddDialog flatLabel={label} keys={keys} disabled={!canAdd} onClose={() => setAdding(false)} />
        </Suspense>
      )}
      <LazyConfirmDialog
        open={removing !== null}
        title={t('flat.keys.remove.title', { value: removing?.value ?? '' })}
        text={t('flat.keys.remove.text', { count: removing?.devices.length ?? 0 })}
        confirmLabel={t('flat.remove')}
        danger
        busy={keys.remove.pending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) void keys.remove.run(removing).then(() => setRemoving(null));
        }}
      />
    </Section>
  );
}
