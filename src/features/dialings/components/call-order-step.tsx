import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CallLegKind } from '@contract/dialings';
import { useT, type FeatureMessageKey } from '../messages';
import { targetText } from '../model';

/** A step of a call order: its kind, whom it calls and, for a resident, their name. */
export function StepName({ kind, target, label }: { kind: CallLegKind; target: string; label: string | null }) {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1, minWidth: 0 }}>
      <Typography component="span" sx={{ fontWeight: 500 }}>
        {t(`dialings.kind.${kind}` as FeatureMessageKey)}
      </Typography>
      <Typography component="span" sx={{ overflowWrap: 'anywhere', fontFamily: kind === 'handset' ? undefined : 'monospace' }}>
        {targetText({ kind, target }, t)}
      </Typography>
      {label && (
        <Typography component="span" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {label}
        </Typography>
      )}
    </Box>
  );
}

/** A row of the order, as listed and as edited. */
export const ROW = { display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, py: 0.75, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } } as const;

