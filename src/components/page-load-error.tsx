import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { HttpError, errorMessage } from '@/lib/http';

/** An answer another try cannot change: the thing is not there, or not this user's. */
export function isFinalRefusal(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 403 || error.status === 404);
}

/**
 * A screen whose record did not load: `message` turns the server's words into the screen's
 * sentence; «Повторить» is offered unless the refusal is final.
 */
export function PageLoadError({ error, message, retryLabel, onRetry }: { error: unknown; message: (error: string) => string; retryLabel: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        !isFinalRefusal(error) && (
          <Button color="inherit" onClick={onRetry}>
            {retryLabel}
          </Button>
        )
      }
    >
      {message(errorMessage(error))}
    </Alert>
  );
}
