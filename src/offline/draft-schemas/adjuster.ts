import { boolean, nullable, number, optional, string, type, union, type Infer } from 'superstruct';
import { AdjusterAddressState } from '@contract/adjuster-wizard';
import { CodedText } from '@contract/server-texts';
import { draftSchema } from './draft-schema';

/** What the server said: its text, coded for other languages (drafts saved before codes hold the text alone). */
const ServerSaid = nullable(union([string(), CodedText]));

/** One port job as the wizard keeps it: status, jobNum and completed, plus the failure text. */
const AdjusterWizardJob = type({ status: string(), jobNum: nullable(number()), completed: boolean(), message: optional(ServerSaid) });

/**
 * The adjuster wizard's whole state (fiasId, entranceNum, address, error, the three jobs, and what the screen adds):
 * the port as typed, the port the address and the jobs belong to, the chosen entrance, the device
 * the switch reported, the DDNS and preset flags, and the group. The step is in the data too, so
 * a resumed wizard opens where it was.
 */
export const AdjusterWizardDraft = type({
  ...AdjusterAddressState.schema,
  jobs: type({ changeVlanPort: AdjusterWizardJob, disablePort: AdjusterWizardJob, enablePort: AdjusterWizardJob }),
  step: string(),
  bsName: string(),
  portNum: string(),
  /** The port the address was looked up for (`bsName/portNum`); null before a lookup. */
  lookedUp: nullable(string()),
  /** The port the jobs were started on. */
  jobsPort: nullable(string()),
  device: nullable(type({ mac: string(), ip: nullable(string()) })),
  deviceType: number(),
  ip: string(),
  presetUrl: string(),
  ddnsDone: boolean(),
  ddnsMessage: ServerSaid,
  presetDone: boolean(),
  presetMessage: ServerSaid,
  groupId: nullable(number()),
  groupName: nullable(string()),
});
export type AdjusterWizardDraft = Infer<typeof AdjusterWizardDraft>;

export const adjusterDraftSchema = draftSchema(1, AdjusterWizardDraft);
