import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { errorMessage } from '@/lib/http';
import { useT } from '../messages';
import { userQueries } from '../queries';

interface UserGroupsDialogProps {
  buyerId: number;
  current: readonly { id: number; name: string }[];
  busy: boolean;
  canWrite: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (groups: number[]) => void;
}

/** The buyer's groups as a tree of checkboxes (a nested group indented, its path as a hint), the user's own ticked. */
export function UserGroupsDialog({ buyerId, current, busy, canWrite, error, onClose, onSubmit }: UserGroupsDialogProps) {
  const t = useT();
  const choices = useQuery(userQueries.groupChoices(buyerId));
  const [chosen, setChosen] = useState<number[]>(() => current.map((group) => group.id));
  // A group the tree lacks (another page, another buyer) stays listed, so saving does not drop it unseen.
  const known = new Set(choices.data?.map((group) => group.groupId));
  const strays = current.filter((group) => !known.has(group.id));
  const toggle = (id: number) => setChosen((list) => (list.includes(id) ? list.filter((other) => other !== id) : [...list, id]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(chosen);
  };
  const box = (id: number, label: string, depth: number, hint?: string) => (
    <FormControlLabel key={id} control={<Checkbox checked={chosen.includes(id)} onChange={() => toggle(id)} />} label={label} title={hint} sx={{ pl: depth * 3 }} />
  );
  return (
    <FormDialog
      title={t('user.groups.dialog')}
      submitLabel={t('user.save')}
      busy={busy}
      submitDisabled={!canWrite || choices.isPending}
      error={error}
      maxWidth="xs"
      phoneFullScreen
      onClose={onClose}
      onSubmit={submit}
    >
      {choices.isError && <Alert severity="error">{errorMessage(choices.error)}</Alert>}
      {choices.isPending ? (
        <CircularProgress size={24} sx={{ m: 1 }} aria-label={t('user.groups.loading')} />
      ) : (
        <FormGroup aria-label={t('user.groups.dialog')}>
          {strays.map((group) => box(group.id, group.name, 0))}
          {(choices.data ?? []).map((group) => box(group.groupId, group.name, group.depth, group.depth > 0 ? group.path : undefined))}
          {choices.data?.length === 0 && strays.length === 0 && <Typography color="text.secondary">{t('user.groups.noChoices')}</Typography>}
        </FormGroup>
      )}
    </FormDialog>
  );
}
