import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
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

// Below the app bar, so a toast never covers "Выйти". 20 % of a phone is too narrow to read,
// so below 900 px the toasts take the width notistack gives them.
const widthStyles = (
  <GlobalStyles
    styles={{
      [`.${CONTAINER_CLASS}`]: { marginTop: 52 },
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
  return (
    <>
      {widthStyles}
      <SnackbarProvider {...SNACKBAR_OPTIONS} classes={{ containerRoot: CONTAINER_CLASS }} />
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
