import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/** A thin bar under the header while the next screen's code or data loads (lighter than MUI's LinearProgress). */
export function NavigationProgress({ active }: { active: boolean }) {
  return (
    <Box aria-hidden sx={{ height: 3, overflow: 'hidden', position: 'relative' }}>
      {active && (
        <Box sx={{ position: 'absolute', inset: 0, width: '40%', bgcolor: 'secondary.main', animation: `${slide} 1.1s ease-in-out infinite` }} />
      )}
    </Box>
  );
}
