import { WizardDraft } from '@contract/wizard';
import { draftSchema } from './draft-schema';

export const deviceSetupDraftSchema = draftSchema(1, WizardDraft);
