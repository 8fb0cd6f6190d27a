import Box from '@mui/material/Box';
import { ROLES } from '@contract/users';
import { hasRole, useSession } from '@/lib/session';
import type { DeviceCard } from '../model';
import { GroupsSection, HousesSection } from './links-section';
import { PanelControlSection } from './panel-control-section';
import { RelaysSection } from './relays-section';
import { StatusSection } from './status-section';
import { TogglesSection } from './toggles-section';

/** Panel control (open a door, restart), status and reset, the security and auto-collect switches, groups, houses and relays. */
export function OverviewTab({ card, canEdit }: { card: DeviceCard; canEdit: boolean }) {
  const session = useSession();
  // Installers act on the panel too (they test it on site); support only looks.
  const onSite = canEdit || hasRole(session.roles, ROLES.adjuster);
  return (
    <Box sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        {onSite && <PanelControlSection card={card} />}
        {canEdit && <StatusSection card={card} />}
        <TogglesSection card={card} canEdit={canEdit} />
        <GroupsSection card={card} canEdit={canEdit} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <HousesSection card={card} canEdit={canEdit} />
        <RelaysSection card={card} canEdit={canEdit} />
      </Box>
    </Box>
  );
}
