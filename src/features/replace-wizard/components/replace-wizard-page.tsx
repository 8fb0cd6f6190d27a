import { WizardDraftPage } from '@/components/wizard/wizard-draft-page';
import { WizardSkeleton } from '@/components/wizard/wizard-skeleton';
import { useT } from '@/features/replace-wizard/messages';
import { defaultReplaceDraft, DRAFT_KIND, parseStep } from '../model';
import { ReplaceScreen } from './replace-screen';

/** /devices/replace-wizard, its draft named in the URL (WizardDraftPage). */
export function ReplaceWizardPage() {
  const t = useT();
  return (
    <WizardDraftPage kind={DRAFT_KIND} title={t('replaceWizard.title')} maxWidth={1000} t={t} prefix="replaceWizard" loading={<WizardSkeleton />}>
      {(session, resumed, onStartNew) => (
        <ReplaceScreen
          start={{
            ...session,
            draft: resumed ? resumed.data : defaultReplaceDraft(),
            step: resumed ? parseStep(resumed.target.step) : 'old',
            storedStep: resumed?.target.step,
          }}
          onStartNew={onStartNew}
        />
      )}
    </WizardDraftPage>
  );
}
