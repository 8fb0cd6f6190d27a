import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { OUTBOX_PATH, canOpenOutbox } from '@/features/outbox/access';
import { useT } from '@/i18n/i18n';
import { useSession } from '@/lib/session';
import { visibleMenuItems } from './menu';
import { MENU_ICONS } from './menu-icons';

interface SectionCardProps {
  to: string;
  title: string;
  description: string;
  Icon: ComponentType<SvgIconProps>;
}

function SectionCard({ to, title, description, Icon }: SectionCardProps) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', alignItems: 'flex-start' }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Box
            sx={{
              flex: 'none',
              width: 48,
              height: 48,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            }}
          >
            <Icon />
          </Box>
          <Box>
            <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
};

/** The main page and the menu page of unknown paths (spec §2): the sections this user may open. */
export function MenuPage() {
  const t = useT();
  const session = useSession();
  const items = visibleMenuItems(session);
  return (
    <>
      <PageHeader title={session.login ? t('home.greeting', { login: session.login }) : t('home.greetingAnonymous')} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {session.ready && items.length === 0 && !canOpenOutbox(session.roles) ? t('home.empty') : t('home.intro')}
      </Typography>
      <Box sx={grid}>
        {session.ready
          ? items.map((item) => (
              <SectionCard
                key={item.id}
                to={item.to}
                title={t(item.labelKey)}
                description={t(item.descriptionKey)}
                Icon={MENU_ICONS[item.id]}
              />
            ))
          : [0, 1, 2].map((index) => <Skeleton key={index} variant="rounded" height={96} />)}
        {session.ready && canOpenOutbox(session.roles) && (
          // Issue 3 §8: the queue is not in the spec §6 menu; it is reached from here and the header.
          <SectionCard to={OUTBOX_PATH} title={t('route.title.outbox')} description={t('outbox.card')} Icon={CloudUploadOutlined} />
        )}
        <SectionCard to="/user/options" title={t('route.title.userOptions')} description={t('home.card.settings')} Icon={SettingsOutlined} />
      </Box>
    </>
  );
}
