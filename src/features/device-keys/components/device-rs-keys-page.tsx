import { useParams } from 'react-router-dom';
import { KeysScreen } from './keys-screen';

/** `/devices/:mac/rs-keys`: the keys of the RS485 controllers behind the device. */
export function DeviceRsKeysPage() {
  const { mac = '' } = useParams();
  return <KeysScreen key={mac} mac={mac} rs />;
}
