import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useT } from './messages';

/**
 * The houses a multi-pick holds, each with its own button to take it off (a chip with a delete
 * icon would nest that button in another); whole addresses wrap on a phone.
 */
export function ChosenHouseChips({ houses, onRemove, disabled }: { houses: readonly { id: string; address: string }[]; onRemove: (id: string) => void; disabled?: boolean }) {
  const t = useT();
  if (houses.length === 0) return null;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {houses.map((house) => (
        <Box
          component="li"
          key={house.id}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, maxWidth: '100%', minHeight: 32, pl: 1.5, pr: 0.25, borderRadius: 4, bgcolor: 'action.selected' }}
        >
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', py: 0.5 }}>
            {house.address}
          </Typography>
          <IconButton size="small" aria-label={t('houseTypeahead.remove', { address: house.address })} disabled={disabled} onClick={() => onRemove(house.id)}>
            <Close fontSize="small" />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}
