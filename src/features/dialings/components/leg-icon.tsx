import DialerSip from '@mui/icons-material/DialerSip';
import Phone from '@mui/icons-material/Phone';
import PhoneForwarded from '@mui/icons-material/PhoneForwarded';
import PhoneIphone from '@mui/icons-material/PhoneIphone';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { CallLegKind } from '@contract/dialings';

const ICONS = { handset: Phone, sip: DialerSip, app: PhoneIphone, forward: PhoneForwarded } as const;

/** The icon of a step's kind: the handset, a SIP account, the resident's app, a forwarding number. */
export function LegIcon({ kind, ...props }: { kind: CallLegKind } & SvgIconProps) {
  const Icon = ICONS[kind];
  return <Icon fontSize="small" {...props} />;
}
