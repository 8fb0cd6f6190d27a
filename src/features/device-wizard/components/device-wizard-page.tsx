import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ComponentType } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { normalizeMac } from '@contract/common';
import type { House } from '@contract/houses';
import { DRAFT_PARAM } from '@/components/wizard/use-wizard-draft';
import { WizardDraftPage } from '@/components/wizard/wizard-draft-page';
import { WizardSkeleton } from '@/components/wizard/wizard-skeleton';
import { useT } from '@/features/device-wizard/messages';
import { useDateFormat } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { getOfflineDb } from '@/offline/db';
import { DONE_STEP, DRAFT_KIND, FIRST_STEP, newDraft, parseStep } from '../model';
import { WizardScreen } from './wizard-screen';

/**
 * /devices/:mac/wizard (spec §2): the set-up wizard of the device in the URL, its draft named in
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
      {(draftSession, resumed, onStartNew) => (
        <WizardScreen
          start={{
            ...draftSession,
            buyerId: session.buyerId,
            draft: resumed ? resumed.data : newDraft(mac ?? ''),
            step: resumed ? parseStep(resumed.target.step) : FIRST_STEP,
            storedStep: resumed?.target.step,
          }}
          onStartNew={onStartNew}
          houseOffline={houseOffline}
        />
      )}
    </WizardDraftPage>
  );
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
