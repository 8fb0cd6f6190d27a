import type { ComponentType } from 'react';
import { PageFallback } from '@/app/page-fallback';
import { WizardDraftPage } from '@/components/wizard/wizard-draft-page';
import { defaultSerialNumberDraft } from '@contract/adjuster-wizard';
import type { House } from '@contract/houses';
import { useT } from '@/features/serial-number-wizard/messages';
import { DRAFT_KIND, parseStep } from '../model';
import { WizardScreen } from './wizard-screen';

/** Where the app plugs in "take this house offline" (the house-snapshot feature; composed in src/app). */
export type HouseOfflineSlot = ComponentType<{ house: House }>;

interface PageProps {
  houseOffline?: HouseOfflineSlot;
}

/** /devices/serial-number-wizard, its draft named in the URL (WizardDraftPage). */
export function SerialNumberWizardPage({ houseOffline }: PageProps) {
  const t = useT();
  return (
    <WizardDraftPage kind={DRAFT_KIND} title={t('serialWizard.title')} maxWidth={1100} t={t} prefix="serialWizard" loading={<PageFallback />}>
      {(session, resumed, onStartNew) => (
        <WizardScreen
          start={{
            ...session,
            draft: resumed ? resumed.data : defaultSerialNumberDraft(),
            step: resumed ? parseStep(resumed.target.step) : 'device',
            storedStep: resumed?.target.step,
          }}
          houseOffline={houseOffline}
          onStartNew={onStartNew}
        />
      )}
    </WizardDraftPage>
  );
}

/** Builds the page with the house-snapshot control in the house picker. */
export function withHouseOffline(houseOffline: HouseOfflineSlot): ComponentType {
  return function SerialNumberWizardRoute() {
    return <SerialNumberWizardPage houseOffline={houseOffline} />;
  };
}
