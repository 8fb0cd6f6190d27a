import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import type { CallLeg } from '@contract/dialings';
import { useT, type FeatureMessageKey } from '../messages';
import { formatDuration, legTone, targetText, type OutcomeTone } from '../model';
import { LegIcon } from './leg-icon';
import { ToneBadge } from './tone-badge';

const ICON_COLOUR: Record<OutcomeTone, string> = { success: 'success.main', warning: 'warning.dark', error: 'error.main', neutral: 'text.disabled' };

/** The route in one line: each step's icon in its result's colour and its target, in order. */
export function RouteSummary({ legs }: { legs: readonly CallLeg[] }) {
  const t = useT();
  return (
    <Box component="span" aria-label={t('dialings.route.label')} sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.5, rowGap: 0.25, minWidth: 0 }}>
      {legs.map((leg, index) => (
        <Fragment key={index}>
          {index > 0 && <ChevronRight aria-hidden sx={{ fontSize: 16, color: 'text.disabled' }} />}
          <Box
            component="span"
            title={`${t(`dialings.kind.${leg.kind}` as FeatureMessageKey)} ${targetText(leg, t)}: ${t(`dialings.result.${leg.result}` as FeatureMessageKey)}`}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, whiteSpace: 'nowrap' }}
          >
            <LegIcon kind={leg.kind} sx={{ color: ICON_COLOUR[legTone(leg.result)] }} aria-hidden />
            <Typography component="span" variant="body2">
              {leg.kind === 'handset' ? t(`dialings.kind.handset`) : leg.target}
            </Typography>
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}

/** Every step in order: whom, when it began, how long it rang, its result and why. */
export function RouteSteps({ legs }: { legs: readonly CallLeg[] }) {
  const t = useT();
  return (
    <Box component="ol" aria-label={t('dialings.route.label')} sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
      {legs.map((leg, index) => (
        <Box
          component="li"
          key={index}
          data-kind={leg.kind}
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1, alignItems: 'start', minWidth: 0 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pt: 0.25 }}>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ minWidth: '1.5em', textAlign: 'right' }}>
              {index + 1}.
            </Typography>
            <LegIcon kind={leg.kind} sx={{ color: ICON_COLOUR[legTone(leg.result)] }} aria-hidden />
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.25, minWidth: 0 }}>
            <Typography component="span" sx={{ fontWeight: 500 }}>
              {t(`dialings.kind.${leg.kind}` as FeatureMessageKey)}
            </Typography>
            <Typography component="span" sx={{ overflowWrap: 'anywhere', fontFamily: leg.kind === 'handset' ? undefined : 'monospace' }}>
              {targetText(leg, t)}
            </Typography>
            <ToneBadge tone={legTone(leg.result)}>{t(`dialings.result.${leg.result}` as FeatureMessageKey)}</ToneBadge>
            <Typography component="span" variant="body2" color="text.secondary">
              {t('dialings.route.at', { seconds: leg.offsetSeconds })} · {t('dialings.ring', { duration: formatDuration(leg.ringSeconds, t) })}
            </Typography>
            {leg.reason && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
                {leg.reason}
              </Typography>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
