import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { useT } from '../messages';
import { childGroupsBlockingDelete } from '../model';

interface GroupDeleteDialogProps {
  /** The group asked about (null: closed); `children` from the tree, null while the tree is not known. */
  group: { name: string; children: number | null } | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before deleting a group; a group with child groups cannot be deleted (the server refuses),
 * so then it says why instead of asking.
 */
export function GroupDeleteDialog({ group, busy, onConfirm, onClose }: GroupDeleteDialogProps) {
  const t = useT();
  const blocking = group ? childGroupsBlockingDelete(group) : 0;
  return (
    <LazyConfirmDialog
      open={group !== null}
      danger
      busy={busy}
      title={blocking > 0 ? t('groups.delete.blockedTitle') : t('groups.delete.title')}
      text={blocking > 0 ? t('groups.delete.blocked', { name: group?.name ?? '', count: blocking }) : t('groups.delete.text', { name: group?.name ?? '' })}
      confirmLabel={blocking > 0 ? t('groups.delete.understood') : t('confirm.delete')}
      onConfirm={blocking > 0 ? undefined : onConfirm}
      onClose={onClose}
    />
  );
}
