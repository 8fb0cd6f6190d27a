import Box from '@mui/material/Box';
import { useNavigate } from 'react-router-dom';
import { HouseTypeahead } from '@/components/house-typeahead/house-typeahead';
import { useT } from '@/i18n/i18n';

/**
 * The main page's way to a house: its words in any order (as every house picker), a pick opening
 * the house's page. Loaded apart from the main page, which stays light for those who do not search.
 */
export function HomeHouseSearch() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Box role="search" sx={{ mb: 3, maxWidth: { md: 720 } }}>
      <HouseTypeahead label={t('home.houseSearch')} helper={t('home.houseSearchHelper')} onPick={(hit) => void navigate(`/houses/${encodeURIComponent(hit.id)}`)} />
    </Box>
  );
}
