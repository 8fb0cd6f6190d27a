import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState, type ComponentType } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { normalizeMac } from '@contract/common';
import type { House } from '@contract/houses';
import { DRAFT_PARAM, type WizardDraftSession } from '@/components/wizard/use-wizard-draft';
import { WizardDraftPage } from '@/components/wizard/wizard-draft-page';
import { WizardSkeleton } from '@/components/wizard/wizard-skeleton';
import { useT } from '@/features/device-wizard/messages';
import { useDateFormat } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { getOfflineDb } from '@/offline/db';
import { isUnreachable } from '@/lib/http';
import { findSavedDevice } from '@/offline/snapshot-devices';
import { baseFromCard, DONE_STEP, DRAFT_KIND, draftFromReading, FIRST_STEP, parseStep, type DeviceReading } from '../model';
import { deviceWizardQueries } from '../queries';
import type { WizardStart } from '../use-device-wizard';
import { WizardScreen } from './wizard-screen';

/**
 * /devices/:mac/wizard: the set-up wizard of the device in the URL, its draft named in
 * the URL (WizardDraftPage); a new draft offers an unsent one of the same device.
 */
/** "Take this house offline", given by the app shell (features do not import each other). */
export type HouseOfflineSlot = ComponentType<{ house: House }>;

/** Builds the page with the house-snapshot control beside each chosen house. */
export function withHouseOffline(houseOffline: HouseOfflineSlot): ComponentType {
  return function DeviceWizardRoute() {
    return <DeviceWizardPage houseOffline={houseOffline} />;
  };
}

export function DeviceWizardPage({ houseOffline }: { houseOffline?: HouseOfflineSlot }) {
  const t = useT();
  const session = useSession();
  const { mac: rawMac = '' } = useParams();
  const mac = normalizeMac(rawMac);

  return (
    <WizardDraftPage
      kind={DRAFT_KIND}
      title={mac ? t('deviceWizard.title', { mac }) : t('deviceWizard.titleNoMac')}
      maxWidth={1100}
      t={t}
      prefix="deviceWizard"
      loading={<WizardSkeleton />}
      blocked={mac ? undefined : <Alert severity="error">{t('deviceWizard.badMac', { mac: rawMac })}</Alert>}
      aside={(draftId, userId) => mac && <OtherDraft mac={mac} userId={userId} draftId={draftId} />}
      refuse={(resumed) => {
        const storedMac = normalizeMac(resumed.data.mac) ?? resumed.data.mac;
        return storedMac === mac ? null : t('deviceWizard.draft.otherMac', { mac: storedMac });
      }}
    >
      {(draftSession, resumed, onStartNew) =>
        resumed ? (
          <WizardScreen
            start={{
              ...draftSession,
              buyerId: session.buyerId,
              draft: resumed.data,
              step: parseStep(resumed.target.step),
              storedStep: resumed.target.step,
              resumedAt: resumed.updatedAt,
            }}
            onStartNew={onStartNew}
            houseOffline={houseOffline}
          />
        ) : (
          <FreshStart mac={mac ?? ''} session={draftSession} buyerId={session.buyerId} onStartNew={onStartNew} houseOffline={houseOffline} />
        )
      }
    </WizardDraftPage>
  );
}

/** How long the device's settings are waited for before the installer may go on without them. */
const READ_PATIENCE_MS = 8_000;

interface FreshStartProps {
  mac: string;
  session: WizardDraftSession<typeof DRAFT_KIND>;
  buyerId: number | null;
  onStartNew: () => void;
  houseOffline?: HouseOfflineSlot;
}

/**
 * A new draft starts from the device's current settings (a new device from the spec's defaults).
 * Without the server it starts from the settings saved with the device's house for offline work
 * (src/offline/snapshot-devices.ts), so the save replaces them as any set-up does. When there are
 * none either, it starts from the defaults and says so (the save then cannot replace an existing
 * device's settings unseen: see saveOnlyIfNew).
 */
function FreshStart({ mac, session, buyerId, onStartNew, houseOffline }: FreshStartProps) {
  const t = useT();
  const online = useConnectivity().state !== 'offline';
  const reading = useQuery({ ...deviceWizardQueries.device(mac), enabled: online });
  const unreachable = !online || isUnreachable(reading.error);
  const saved = useLiveQuery(async () => (unreachable ? findSavedDevice(getOfflineDb(), session.userId, mac) : null), [unreachable, session.userId, mac]);
  const [waitedLong, setWaitedLong] = useState(false);
  // What the wizard started from is fixed once shown: a later answer is offered, not swapped in under the installer's hands.
  const [start, setStart] = useState<WizardStart | null>(null);
  const settled = unreachable ? saved !== undefined : !reading.isPending || waitedLong;
  if (start === null && settled) {
    const card = saved?.device.card;
    const read: DeviceReading | null = unreachable ? (card ? { kind: 'found', base: baseFromCard(card, saved.savedAt) } : null) : (reading.data ?? null);
    setStart({ ...session, buyerId, draft: draftFromReading(mac, read), step: FIRST_STEP });
  }
  useEffect(() => {
    if (settled) return;
    const timer = setTimeout(() => setWaitedLong(true), READ_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [settled]);

  if (start === null) {
    return (
      <Box>
        <Typography role="status" color="text.secondary" sx={{ mb: 1 }}>
          {t('deviceWizard.origin.reading')}
        </Typography>
        <WizardSkeleton />
      </Box>
    );
  }
  return <WizardScreen start={start} onStartNew={onStartNew} houseOffline={houseOffline} />;
}

/** An unsent draft of the same device, offered while a new one is open (read raw: no other wizard's structs load). */
function OtherDraft({ mac, userId, draftId }: { mac: string; userId: number; draftId: string }) {
  const t = useT();
  const format = useDateFormat();
  const other = useLiveQuery(
    () =>
      getOfflineDb()
        .drafts.where('userId')
        .equals(userId)
        .filter((row) => row.kind === DRAFT_KIND && row.id !== draftId && row.target.mac === mac && row.target.step !== DONE_STEP)
        .reverse()
        .sortBy('updatedAt'),
    [userId, mac, draftId],
  );
  const current = useLiveQuery(() => getOfflineDb().drafts.get(draftId), [draftId]);
  const latest = other?.[0];
  // Offered only while the open draft is new (nothing typed yet).
  if (!latest || current !== undefined) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" component={RouterLink} to={`?${DRAFT_PARAM}=${encodeURIComponent(latest.id)}`} sx={{ minHeight: 44 }}>
          {t('deviceWizard.draft.resume')}
        </Button>
      }
    >
      {t('deviceWizard.draft.existing', { step: String(latest.target.step ?? FIRST_STEP), date: format.dateTime(latest.updatedAt) })}
    </Alert>
  );
}
