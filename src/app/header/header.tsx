import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import Logout from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useT } from '@/i18n/i18n';
import { getCsrfToken, refreshCsrfToken } from '@/lib/csrf';
import { useDateFormat } from '@/lib/dates';
import { logout, useSession } from '@/lib/session';
import { NO_OUTBOX_JOBS, type OutboxCounts } from '@/offline/runtime-demand';
import { canOpenOutbox } from '@/features/outbox/access';
import { LOGIN_PATH } from '../guard';
import { helpLinks, visibleMenuItems, visibleSubItems, visibleWizardLinks } from '../menu';
import { MainMenu } from './main-menu';
import { leavesJobs, logoutWarning } from './outbox-words';

const SETTINGS_PATH = '/user/options';

// Menus and the drawer pull in MUI's Modal and Popover; only logged-in users see them.
const HelpMenu = lazy(() => import('./help-menu').then((m) => ({ default: m.HelpMenu })));
const HeaderDrawer = lazy(() => import('./header-drawer').then((m) => ({ default: m.HeaderDrawer })));
// The chip and the logout warning read the offline database (Dexie): the login route never loads it.
const ConnectivityChip = lazy(() => import('./connectivity-chip').then((m) => ({ default: m.ConnectivityChip })));
const ConfirmDialog = lazy(() => import('@/components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/** Jobs not yet sent by this user; none when the database cannot be read (a logout must never be blocked). */
async function unsentJobs(userId: number): Promise<OutboxCounts> {
  try {
    const [{ countUnsent }, { getOfflineDb }, { getOfflineRuntime }] = await Promise.all([
      import('@/offline/outbox-queue'),
      import('@/offline/db'),
      import('@/offline/runtime-context'),
    ]);
    return await countUnsent(getOfflineRuntime()?.db ?? getOfflineDb(), userId);
  } catch (error) {
    console.warn('Could not count the unsent jobs before logout', error);
    return NO_OUTBOX_JOBS;
  }
}

/** The app bar's row in px: brand, chip, help icon, a login and "log out" take about 640; a menu entry about 110. */
function menuRowWidth(entries: number): number {
  return 640 + 110 * entries;
}

export function Header() {
  const t = useT();
  const theme = useTheme();
  const session = useSession();
  const items = session.logged && session.ready ? visibleMenuItems(session) : [];
  const wizards = session.logged && session.ready ? visibleWizardLinks(session) : [];
  const subItems = session.logged && session.ready ? visibleSubItems(session) : [];
  // The menu shares one row with the brand, the chip, help, the login and "log out": below the width they need, the drawer.
  const compact = useMediaQuery(theme.breakpoints.down(Math.max(theme.breakpoints.values.lg, menuRowWidth(items.length + (wizards.length > 0 ? 1 : 0)))), {
    noSsr: true,
  });
  // Help shrinks to its icon first, so the superuser's seven entries fit beside the rest at 1440 px.
  const helpIconOnly = useMediaQuery(theme.breakpoints.down('xl'), { noSsr: true });
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's code loads on the first tap, not with every page; it stays mounted afterwards so it can animate closed.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const openDrawer = () => {
    setDrawerWanted(true);
    setDrawerOpen(true);
  };
  const [busy, setBusy] = useState(false);
  /** The unsent jobs a logout would leave behind, while the warning is open. */
  const [leftBehind, setLeftBehind] = useState<OutboxCounts | null>(null);
  const { dateTime } = useDateFormat();

  const help = helpLinks(session.logged, session);
  const onLoginPage = location.pathname === LOGIN_PATH;

  const logOutNow = async () => {
    setBusy(true);
    setDrawerOpen(false);
    setLeftBehind(null);
    await logout(client, () => navigate(LOGIN_PATH, { replace: true }));
    setBusy(false);
  };

  // Jobs are kept per user, so they wait until this user logs in again; say so first.
  const handleLogout = async () => {
    setDrawerOpen(false);
    const unsent = session.userId === null ? NO_OUTBOX_JOBS : await unsentJobs(session.userId);
    if (leavesJobs(unsent)) setLeftBehind(unsent);
    else await logOutNow();
  };

  // Logged out, the button leads to /site/auth once an anti-forgery token exists.
  const handleLogin = async () => {
    if (!getCsrfToken()) {
      setBusy(true);
      await refreshCsrfToken().catch((error: unknown) => console.warn('No anti-forgery token yet', error));
      setBusy(false);
    }
    navigate(LOGIN_PATH);
  };

  const userLink = session.login && (
    <Button
      component={RouterLink}
      to={SETTINGS_PATH}
      color="inherit"
      startIcon={<AccountCircleOutlined />}
      title={t('header.user.settings', { login: session.login })}
      sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}
    >
      {session.login}
    </Button>
  );

  return (
    <AppBar position="sticky" elevation={0}>
      <Toolbar variant="dense" sx={{ gap: { xs: 0.5, sm: 1 }, minHeight: 56, px: { xs: 1, sm: 3 } }}>
        {compact && session.logged && (
          <IconButton color="inherit" aria-label={t('header.menu.open')} onClick={openDrawer}>
            <MenuIcon />
          </IconButton>
        )}
        <Box
          component={RouterLink}
          to="/"
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, fontSize: { xs: '1rem', sm: '1.1rem' }, whiteSpace: 'nowrap', letterSpacing: 0.2, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {t('app.brand')}
        </Box>
        {!compact && items.length > 0 && <MainMenu items={items} wizards={wizards} />}
        <Box sx={{ flex: 1, minWidth: { xs: 0, sm: 8 } }} />
        {session.logged && session.userId !== null && (
          <Suspense fallback={null}>
            <ConnectivityChip userId={session.userId} compact={phone} linked={canOpenOutbox(session.roles)} />
          </Suspense>
        )}
        {help.online && (
          <Suspense fallback={null}>
            <HelpMenu showPdf={help.pdf} compact={compact || helpIconOnly} />
          </Suspense>
        )}
        {!compact && userLink}
        {session.logged ? (
          compact ? (
            // No `edge`: its negative margin pushed the icon 4 px past a phone's screen.
            <IconButton color="inherit" aria-label={t('header.logout')} onClick={handleLogout} disabled={busy}>
              <Logout />
            </IconButton>
          ) : (
            <Button color="inherit" variant="outlined" onClick={handleLogout} disabled={busy} sx={{ whiteSpace: 'nowrap' }}>
              {t('header.logout')}
            </Button>
          )
        ) : (
          !onLoginPage && (
            <Button color="inherit" variant="outlined" onClick={handleLogin} disabled={busy}>
              {t('header.login')}
            </Button>
          )
        )}
      </Toolbar>
      {session.logged && session.offlineSession && (
        <Box
          role="status"
          // MUI's standard warning Alert colours: the strip sits under the app bar, outside any Paper.
          sx={{ px: { xs: 1.5, sm: 3 }, py: 0.5, bgcolor: '#fff4e5', color: '#663c00', fontSize: '0.8125rem', lineHeight: 1.4 }}
        >
          {t('pwa.offlineSession.note', { date: dateTime(session.offlineSession.savedAt) })}
        </Box>
      )}
      {leftBehind !== null && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={t('outbox.logout.title')}
            text={logoutWarning(t, leftBehind)}
            confirmLabel={t('outbox.logout.confirm')}
            danger
            busy={busy}
            onConfirm={() => void logOutNow()}
            onClose={() => setLeftBehind(null)}
          />
        </Suspense>
      )}
      {compact && session.logged && drawerWanted && (
        <Suspense fallback={null}>
          <HeaderDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            items={items}
            subItems={subItems}
            wizards={wizards}
            outbox={canOpenOutbox(session.roles)}
            login={session.login}
            settingsPath={SETTINGS_PATH}
          />
        </Suspense>
      )}
    </AppBar>
  );
}
