import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SnackbarProvider, closeSnackbar, enqueueSnackbar } from 'notistack';
import { useEffect } from 'react';
import { notificationHostMounted, type NotifyOptions } from './notify';

/** Top right, 20 % of the page wide, 3000 ms, 300 ms transitions. */
export const SNACKBAR_OPTIONS = {
  anchorOrigin: { vertical: 'top', horizontal: 'right' },
  autoHideDuration: 3000,
  transitionDuration: { enter: 300, exit: 300 },
  maxSnack: 4,
} as const;

const CONTAINER_CLASS = 'app-snackbars';
const PHONE_CLASS = 'app-snackbars-phone';

/**
 * A phone's first screen holds a card's actions at the top (the flat card's «Заблокировать»,
 * «Выселить»), where a top toast would sit on them for its three seconds: there toasts come up
 * from the bottom, above the wizards' sticky action bar (about 68 px), as phones place them.
 */
export const PHONE_TOASTS_QUERY = '(max-width: 599.95px)';
const PHONE_ANCHOR = { vertical: 'bottom', horizontal: 'center' } as const;
/** Clears the wizards' sticky action bar at the bottom of a phone's screen. */
const PHONE_BOTTOM_CLEARANCE = 76;

// Below the app bar, so a toast never covers "Выйти". 20 % of a phone is too narrow to read,
// so below 900 px the toasts take the width notistack gives them.
const widthStyles = (
  <GlobalStyles
    styles={{
      [`.${CONTAINER_CLASS}`]: { marginTop: 52 },
      [`.${CONTAINER_CLASS}.${PHONE_CLASS}`]: { marginTop: 0, marginBottom: `calc(${PHONE_BOTTOM_CLEARANCE}px + env(safe-area-inset-bottom, 0px))` },
      // notistack's own success, info and warning greens, blues and oranges give white text under 4.5:1 (WCAG AA).
      [`.${CONTAINER_CLASS} .notistack-MuiContent-success`]: { backgroundColor: '#2e7d32' },
      [`.${CONTAINER_CLASS} .notistack-MuiContent-info`]: { backgroundColor: '#0277bd' },
      [`.${CONTAINER_CLASS} .notistack-MuiContent-warning`]: { backgroundColor: '#b45309' },
      '@media (min-width: 900px)': {
        [`.${CONTAINER_CLASS}`]: { width: '20%', minWidth: 0 },
        [`.${CONTAINER_CLASS} .notistack-MuiContent`]: { minWidth: 0, width: '100%' },
      },
    }}
  />
);

export function NotificationHost() {
  useEffect(() => notificationHostMounted(), []);
  const phone = useMediaQuery(PHONE_TOASTS_QUERY, { noSsr: true });
  return (
    <>
      {widthStyles}
      <SnackbarProvider
        {...SNACKBAR_OPTIONS}
        anchorOrigin={phone ? PHONE_ANCHOR : SNACKBAR_OPTIONS.anchorOrigin}
        classes={{ containerRoot: CONTAINER_CLASS, containerAnchorOriginBottomCenter: PHONE_CLASS }}
      />
    </>
  );
}

export function show(message: string, options: NotifyOptions): void {
  const { action } = options;
  enqueueSnackbar(message, {
    variant: options.variant ?? 'info',
    persist: options.persist,
    preventDuplicate: options.preventDuplicate,
    action: action
      ? (key) => (
          <Button
            color="inherit"
            onClick={() => {
              closeSnackbar(key);
              action.run();
            }}
          >
            {action.label}
          </Button>
        )
      : undefined,
  });
}
