import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRouteError } from 'react-router-dom';
import { useT } from '@/i18n/i18n';
import { errorMessage } from '@/lib/http';

/** A screen crashed or its code failed to load (e.g. a new release replaced the chunk). */
export function RouteErrorPage() {
  const error = useRouteError();
  const t = useT();
  console.error(error);
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', mt: 6, px: 2 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => window.location.reload()}>
            {t('app.error.reload')}
          </Button>
        }
      >
        <AlertTitle>{t('app.error.title')}</AlertTitle>
        {errorMessage(error)}
      </Alert>
    </Box>
  );
}
