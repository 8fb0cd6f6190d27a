import { AdjusterAddressState } from '@contract/adjuster-wizard';
import { draftSchema } from './draft-schema';

export const adjusterDraftSchema = draftSchema(1, AdjusterAddressState);
