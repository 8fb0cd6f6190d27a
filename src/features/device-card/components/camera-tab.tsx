import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { PageSection } from '@/components/page-section';
import { useT } from '@/features/device-card/messages';
import type { DeviceCard } from '../model';
import { deviceCardQueries } from '../queries';

/** Live and archive links of the video server, and the last frame. */
export function CameraTab({ card }: { card: DeviceCard }) {
  const t = useT();
  const client = useQueryClient();
  const refresh = () => void client.refetchQueries({ queryKey: deviceCardQueries.card(card.device.mac).queryKey });
  return (
    <PageSection
      title={t('card.camera')}
      actions={
        <Button size="small" variant="outlined" onClick={refresh}>
          {t('card.camera.refresh')}
        </Button>
      }
    >
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        {card.camsLink && (
          <Button component="a" href={card.camsLink} target="_blank" rel="noopener noreferrer" variant="contained" endIcon={<OpenInNewIcon />} sx={{ minHeight: 44 }}>
            {t('card.camera.live')}
          </Button>
        )}
        {card.camsArchiveLink && (
          <Button component="a" href={card.camsArchiveLink} target="_blank" rel="noopener noreferrer" variant="outlined" endIcon={<OpenInNewIcon />} sx={{ minHeight: 44 }}>
            {t('card.camera.archive')}
          </Button>
        )}
      </Box>
      {card.snapshot ? (
        <Box component="img" src={card.snapshot} alt={t('card.snapshot')} sx={{ display: 'block', width: '100%', maxWidth: 720, borderRadius: 1, bgcolor: 'grey.900' }} />
      ) : (
        <Typography color="text.secondary">{t('card.snapshot.none')}</Typography>
      )}
    </PageSection>
  );
}
