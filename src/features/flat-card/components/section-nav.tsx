import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { FeatureMessageKey } from '../messages';
import { useT } from '../messages';
import { sectionAnchor, type SectionId } from './section';

const SECTIONS: readonly { id: SectionId; key: FeatureMessageKey }[] = [
  { id: 'users', key: 'flat.section.users' },
  { id: 'keys', key: 'flat.section.keys' },
  { id: 'code', key: 'flat.section.code' },
  { id: 'cms', key: 'flat.section.cms' },
  { id: 'entrances', key: 'flat.section.entrances' },
  { id: 'access', key: 'flat.section.access' },
  { id: 'devices', key: 'flat.section.devices' },
  { id: 'history', key: 'flat.section.history' },
];

/**
 * Anchors to every section, kept under the app bar while the page scrolls: on a phone the card is one
 * long column, and the bar (scrolling inside itself, never the page) is the way around it.
 */
export function SectionNav() {
  const t = useT();
  const jump = (id: SectionId) => document.getElementById(sectionAnchor(id))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  return (
    <Box
      component="nav"
      aria-label={t('flat.nav')}
      sx={{
        position: 'sticky',
        top: 56,
        zIndex: 2,
        bgcolor: 'background.default',
        display: 'flex',
        gap: 1,
        py: 1,
        mb: 1,
        overflowX: 'auto',
        scrollbarWidth: 'none',
        mx: { xs: -1, sm: 0 },
        px: { xs: 1, sm: 0 },
      }}
    >
      {SECTIONS.map(({ id, key }) => (
        <Chip
          key={id}
          component="a"
          href={`#${sectionAnchor(id)}`}
          clickable
          variant="outlined"
          label={t(key)}
          onClick={(event: React.MouseEvent) => {
            event.preventDefault();
            jump(id);
          }}
          sx={{ flexShrink: 0 }}
        />
      ))}
    </Box>
  );
}
