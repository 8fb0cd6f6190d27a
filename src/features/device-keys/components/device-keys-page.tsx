import { useParams } from 'react-router-dom';
import { KeysScreen } from './keys-screen';

/** `/devices/:mac/keys`: the panel's own keys. */
export function DeviceKeysPage() {
  const { mac = '' } = useParams();
  return <KeysScreen key={mac} mac={mac} rs={false} />;
}
