import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import TimerOffOutlined from '@mui/icons-material/TimerOffOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { DoorCode } from '@contract/door-codes';
import { useT } from '../messages';
import type { DoorCodesModel } from '../use-door-codes';

/** Change, generate anew, expire now, delete: icon buttons named for the code they act on. */
export function CodeActions({ code, model }: { code: DoorCode; model: DoorCodesModel }) {
  const t = useT();
  const who = code.flatNum === null ? t('doorCodes.whoCommon') : t('doorCodes.whoFlat', { flat: code.flatNum });
  const disabled = !model.online || model.busy;
  const actions = [
    { key: 'edit', label: t('doorCodes.editOf', { who }), title: t('doorCodes.edit'), icon: <EditOutlined />, onClick: () => model.openForm({ kind: 'edit', code }) },
    { key: 'regenerate', label: `${t('doorCodes.regenerate')}: ${who}`, title: t('doorCodes.regenerate'), icon: <AutorenewOutlined />, onClick: () => model.regenerate(code) },
    ...(code.expired
      ? []
      : [{ key: 'expire', label: t('doorCodes.expireOf', { who }), title: t('doorCodes.expireNow'), icon: <TimerOffOutlined />, onClick: () => model.expireNow(code) }]),
    { key: 'delete', label: t('doorCodes.deleteOf', { who }), title: t('doorCodes.delete'), icon: <DeleteOutline />, onClick: () => model.askRemove(code) },
  ];
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {actions.map((action) => (
        <IconButton key={action.key} aria-label={action.label} title={action.title} disabled={disabled} onClick={action.onClick} sx={{ width: 44, height: 44 }}>
          {action.icon}
        </IconButton>
      ))}
    </Box>
  );
}
