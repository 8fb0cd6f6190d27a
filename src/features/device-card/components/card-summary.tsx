import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import { deviceTypeName } from '@contract/devices';
import { useT } from '@/features/device-card/messages';
import { useDateFormat } from '@/lib/dates';
import { useDictionary } from '@/lib/dictionaries';
import { statusKey, type DeviceCard } from '../model';

function Flag({ name, value }: { name: string; value: boolean | null }) {
  const t = useT();
  const label = value === null ? t('card.flag.unknown', { name }) : t(value ? 'card.flag.on' : 'card.flag.off', { name });
  return <Chip size="small" label={label} color={value === null ? 'default' : value ? 'success' : 'error'} variant={value ? 'filled' : 'outlined'} />;
}

/** What an operator checks first: type, status, the live / SIP / RTSP / external flags, the last frame. */
export function CardSummary({ card }: { card: DeviceCard }) {
  const t = useT();
  const types = useDictionary('device_types');
  const { dateTime } = useDateFormat();
  const { device } = card;
  const status = statusKey(device.statusCode);
  const typeLabel = types.data[String(device.type)] ?? deviceTypeName(device.type) ?? types.label(device.type);
  return (
    <Paper variant="outlined" component="section" aria-label={t('card.summary')} sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, display: 'flex', gap: 2, alignItems: 'stretch' }}>
      <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 1 }}>
        {/* Two pairs a row, on the left: the top right is where toasts appear, and they must not hide the dates. */}
        <Box
          component="dl"
          sx={{
            m: 0,
            maxWidth: { md: 720 },
            display: 'grid',
            gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', md: 'repeat(2, auto minmax(0, 1fr))' },
            columnGap: 1.5,
            rowGap: 0.5,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, fontWeight: 500 },
          }}
        >
          <dt>{t('card.type')}</dt>
          <dd>{typeLabel}</dd>
          <dt>{t('card.status')}</dt>
          <dd>
            <Chip size="small" color={device.statusCode === 1 ? 'success' : device.statusCode === 3 ? 'warning' : 'default'} label={status ? t(status) : t('card.deviceStatus.other', { code: device.statusCode })} />
          </dd>
          <dt>{t('card.created')}</dt>
          <dd>{dateTime(device.createDate)}</dd>
          <dt>{t('card.updated')}</dt>
          <dd>{dateTime(device.updateDate)}</dd>
        </Box>
        <Box role="group" aria-label={t('card.flags')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Flag name={t('card.flag.live')} value={card.liveStatus} />
          <Flag name={t('card.flag.sip')} value={card.sipStatus} />
          <Flag name={t('card.flag.rtsp')} value={card.rtspStatus} />
          <Flag name={t('card.flag.external')} value={card.externalExistsStatus} />
        </Box>
      </Box>
      {card.snapshot && (
        <Box
          component="img"
          src={card.snapshot}
          // The camera tab shows the same frame, named; here it is a glance.
          alt=""
          sx={{ display: { xs: 'none', sm: 'block' }, width: 160, height: 90, objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.900', flexShrink: 0 }}
        />
      )}
    </Paper>
  );
}
