import { WizardDraftPage } from '@/components/wizard/wizard-draft-page';
import { WizardSkeleton } from '@/components/wizard/wizard-skeleton';
import { useT } from '@/features/adjuster-wizard/messages';
import { defaultWizardDraft, DRAFT_KIND } from '../model';
import { WizardScreen } from './wizard-screen';

/** /devices/wizard, its draft named in the URL (WizardDraftPage). */
export function AdjusterWizardPage() {
  const t = useT();
  return (
    <WizardDraftPage kind={DRAFT_KIND} title={t('adjusterWizard.title')} maxWidth={960} t={t} prefix="adjusterWizard" loading={<WizardSkeleton />}>
      {(session, resumed, onStartNew) => <WizardScreen start={{ ...session, draft: resumed ? resumed.data : defaultWizardDraft() }} onStartNew={onStartNew} />}
    </WizardDraftPage>
  );
}
