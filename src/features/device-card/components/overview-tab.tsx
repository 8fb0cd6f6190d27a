import Box from '@mui/material/Box';
import type { DeviceCard } from '../model';
import { GroupsSection, HousesSection } from './links-section';
import { RelaysSection } from './relays-section';
import { StatusSection } from './status-section';
import { TogglesSection } from './toggles-section';

/** Status and reset, the security and auto-collect switches, groups, houses and relays. */
export function OverviewTab({ card, canEdit }: { card: DeviceCard; canEdit: boolean }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
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
