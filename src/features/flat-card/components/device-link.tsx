import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';

/** A device's MAC, linking to its card. */
export function DeviceLink({ mac }: { mac: string }) {
  return (
    <Link component={RouterLink} to={`/devices/${encodeURIComponent(mac)}/update`} sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
      {mac}
    </Link>
  );
}
