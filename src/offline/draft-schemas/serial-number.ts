import { SerialNumberDraft } from '@contract/adjuster-wizard';
import { draftSchema } from './draft-schema';

export const serialNumberDraftSchema = draftSchema(1, SerialNumberDraft);
