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
import { logout, useSession } from '@/lib/session';
import { LOGIN_PATH } from '../guard';
import { helpLinks, visibleMenuItems } from '../menu';
import { MainMenu } from './main-menu';

const SETTINGS_PATH = '/user/options';

// Menus and the drawer pull in MUI's Modal and Popover; only logged-in users see them.
const HelpMenu = lazy(() => import('./help-menu').then((m) => ({ default: m.HelpMenu })));
const HeaderDrawer = lazy(() => import('./header-drawer').then((m) => ({ default: m.HeaderDrawer })));

export function Header() {
  const t = useT();
  const theme = useTheme();
  // The six menu items, help, the login and "log out" need about 1150 px in one row.
  const compact = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  const session = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const items = session.logged && session.ready ? visibleMenuItems(session) : [];
  const help = helpLinks(session.logged, session);
  const onLoginPage = location.pathname === LOGIN_PATH;

  const handleLogout = async () => {
    setBusy(true);
    setDrawerOpen(false);
    await logout(client, () => navigate(LOGIN_PATH, { replace: true }));
    setBusy(false);
  };

  // spec §2: logged out, the button leads to /site/auth once an anti-forgery token exists.
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
      <Toolbar variant="dense" sx={{ gap: 1, minHeight: 56 }}>
        {compact && session.logged && (
          <IconButton color="inherit" edge="start" aria-label={t('header.menu.open')} onClick={() => setDrawerOpen(true)}>
            <MenuIcon />
          </IconButton>
        )}
        <Box
          component={RouterLink}
          to="/"
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, fontSize: { xs: '1rem', sm: '1.1rem' }, whiteSpace: 'nowrap', letterSpacing: 0.2 }}
        >
          {t('app.brand')}
        </Box>
        {!compact && items.length > 0 && <MainMenu items={items} />}
        <Box sx={{ flex: 1 }} />
        {help.online && (
          <Suspense fallback={null}>
            <HelpMenu showPdf={help.pdf} compact={compact} />
          </Suspense>
        )}
        {!compact && userLink}
        {session.logged ? (
          compact ? (
            <IconButton color="inherit" edge="end" aria-label={t('header.logout')} onClick={handleLogout} disabled={busy}>
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
      {compact && session.logged && (
        <Suspense fallback={null}>
          <HeaderDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} items={items} login={session.login} settingsPath={SETTINGS_PATH} />
        </Suspense>
      )}
    </AppBar>
  );
}
