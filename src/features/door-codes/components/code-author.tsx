import type { DoorCode } from '@contract/door-codes';
import { useDateFormat } from '@/lib/dates';
import { useT } from '../messages';

/** «operator, 25.11.2026, 16:10»: who made the code and when. */
export function CodeAuthor({ code }: { code: Pick<DoorCode, 'createdBy' | 'createdAt'> }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  return <>{t('doorCodes.author', { who: code.createdBy ?? t('doorCodes.unknownAuthor'), when: dateTime(code.createdAt) })}</>;
}
