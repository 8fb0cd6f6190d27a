import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { Fragment, lazy, Suspense, useId, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { OUTBOX_PATH, canOpenOutbox } from '@/features/outbox/access';
import { useT } from '@/i18n/i18n';
import { useSession } from '@/lib/session';
import { ACCESS_RULES } from './access-rules';
import { MENU_SUB_ICONS } from './header/menu-sub-icons';
import { menuDescriptionKey, visibleMenuItems, visibleSubItems, visibleWizardLinks } from './menu';
import { MENU_ICONS } from './menu-icons';
import { WIZARD_ICONS } from './wizard-icons';

interface SectionCardProps {
  to: string;
  title: string;
  description: string;
  Icon: ComponentType<SvgIconProps>;
  /** The installer's everyday actions: filled, so they stand out from the sections below. */
  prominent?: boolean;
}

function SectionCard({ to, title, description, Icon, prominent = false }: SectionCardProps) {
  return (
    <Card
      variant={prominent ? 'elevation' : 'outlined'}
      elevation={prominent ? 2 : 0}
      sx={{ height: '100%', ...(prominent ? { bgcolor: 'primary.main', color: 'primary.contrastText' } : {}) }}
    >
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
              bgcolor: prominent ? 'common.white' : 'primary.main',
              color: prominent ? 'primary.main' : 'primary.contrastText',
            }}
          >
            <Icon />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h2" component="h3" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
              {title}
            </Typography>
            <Typography variant="body2" sx={{ color: prominent ? 'inherit' : 'text.secondary', opacity: prominent ? 0.9 : 1 }}>
              {description}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

// The typeahead and its search load only for those who may open a house, after the page shows.
const HomeHouseSearch = lazy(() => import('./home-house-search').then((m) => ({ default: m.HomeHouseSearch })));

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
};

const sectionHeading = { fontSize: '1.2rem', mb: 1.5 } as const;

/** The main page and the menu page of unknown paths: the wizards and sections this user may open. */
export function MenuPage() {
  const t = useT();
  const session = useSession();
  const items = visibleMenuItems(session);
  const subItems = visibleSubItems(session);
  const wizards = session.ready ? visibleWizardLinks(session) : [];
  const wizardsHeading = useId();
  const sectionsHeading = useId();
  return (
    <>
      <PageHeader title={session.login ? t('home.greeting', { login: session.login }) : t('home.greetingAnonymous')} />
      {session.ready && ACCESS_RULES.housing.allows(session) && (
        <Suspense fallback={<Skeleton variant="rounded" height={56} sx={{ mb: 3, maxWidth: { md: 720 } }} />}>
          <HomeHouseSearch />
        </Suspense>
      )}
      {wizards.length > 0 && (
        // Adding and replacing devices is what installers come for, so it comes first.
        <Box component="section" aria-labelledby={wizardsHeading} sx={{ mb: 3 }}>
          <Typography variant="h2" id={wizardsHeading} sx={sectionHeading}>
            {t('wizards.section')}
          </Typography>
          <Box sx={grid}>
            {wizards.map((wizard) => (
              <SectionCard
                key={wizard.id}
                to={wizard.to}
                title={t(wizard.labelKey)}
                description={t(wizard.descriptionKey)}
                Icon={WIZARD_ICONS[wizard.id]}
                prominent
              />
            ))}
          </Box>
        </Box>
      )}
      <Box component="section" aria-labelledby={sectionsHeading}>
        {wizards.length > 0 ? (
          <Typography variant="h2" id={sectionsHeading} sx={sectionHeading}>
            {t('home.sections')}
          </Typography>
        ) : (
          <Typography id={sectionsHeading} color="text.secondary" sx={{ mb: 2 }}>
            {session.ready && items.length === 0 && !canOpenOutbox(session.roles) ? t('home.empty') : t('home.intro')}
          </Typography>
        )}
        <Box sx={grid}>
          {session.ready
            ? items.map((item) => (
                <Fragment key={item.id}>
                  <SectionCard to={item.to} title={t(item.labelKey)} description={t(menuDescriptionKey(item, session))} Icon={MENU_ICONS[item.id]} />
                  {subItems
                    .filter((sub) => sub.parent === item.id)
                    .map((sub) => (
                    <SectionCard key={sub.id} to={sub.to} title={t(sub.labelKey)} description={t(sub.descriptionKey)} Icon={MENU_SUB_ICONS[sub.id]} />
                  ))}
                </Fragment>
              ))
            : [0, 1, 2].map((index) => <Skeleton key={index} variant="rounded" height={96} />)}
          {session.ready && canOpenOutbox(session.roles) && (
            // The queue is not a main-menu item; it is reached from here and the header.
            <SectionCard to={OUTBOX_PATH} title={t('route.title.outbox')} description={t('outbox.card')} Icon={CloudUploadOutlined} />
          )}
          <SectionCard to="/user/options" title={t('route.title.userOptions')} description={t('home.card.settings')} Icon={SettingsOutlined} />
        </Box>
      </Box>
    </>
  );
}
