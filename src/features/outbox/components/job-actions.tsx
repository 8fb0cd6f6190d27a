import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Replay from '@mui/icons-material/Replay';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { Fragment, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useT, type MessageKey } from '@/features/outbox/messages';
import type { JobView } from '../model';

export interface JobActionHandlers {
  onSendNow: (view: JobView) => void;
  onRetry: (view: JobView) => void;
  onExport: (view: JobView) => void;
  onDiscard: (view: JobView) => void;
}

interface JobActionsProps extends JobActionHandlers {
  view: JobView;
  /** Icons in the desktop table, labelled buttons on the phone cards. */
  variant: 'icons' | 'buttons';
  /** False until the runtime is there (the first render after a login). */
  canAct: boolean;
  /** No network: "send now" could not send, so it is off, and says why. */
  offline: boolean;
  /** The element that words when the job goes: what the icons' "send now" is described by when off. */
  reasonId: string;
}

interface ActionSpec {
  key: string;
  labelKey: MessageKey;
  Icon: ComponentType<SvgIconProps>;
  to?: string;
  onClick?: () => void;
  color?: 'error';
  needsRuntime: boolean;
  /** Why the action is off (shown on hover, read with the button). */
  offReason?: string;
}

/** What `jobActions(job)` allows, and export, which is always there. */
export function JobActions({ view, variant, canAct, offline, reasonId, onSendNow, onRetry, onExport, onDiscard }: JobActionsProps) {
  const t = useT();
  const specs: ActionSpec[] = [];
  // A phone shows no tooltips: its cards say why in a line of their own.
  const whyId = variant === 'buttons' ? `${reasonId}-why` : reasonId;
  const sendNowOff = view.actions.sendNow && offline;
  if (view.actions.sendNow) {
    const offReason = offline ? t('outbox.sendNow.offline') : undefined;
    specs.push({ key: 'send', labelKey: 'outbox.action.sendNow', Icon: SendOutlined, onClick: () => onSendNow(view), needsRuntime: true, offReason });
  }
  if (view.actions.retry) specs.push({ key: 'retry', labelKey: 'outbox.action.retry', Icon: Replay, onClick: () => onRetry(view), needsRuntime: true });
  if (view.draftPath) specs.push({ key: 'draft', labelKey: 'outbox.action.openDraft', Icon: EditNoteOutlined, to: view.draftPath, needsRuntime: false });
  specs.push({ key: 'export', labelKey: 'outbox.action.export', Icon: FileDownloadOutlined, onClick: () => onExport(view), needsRuntime: false });
  if (view.actions.discard) {
    specs.push({ key: 'discard', labelKey: 'outbox.action.discard', Icon: DeleteOutline, onClick: () => onDiscard(view), color: 'error', needsRuntime: true });
  }

  const actions = (
    <Box sx={{ display: 'flex', flexWrap: variant === 'icons' ? 'nowrap' : 'wrap', gap: variant === 'icons' ? 0 : 1, justifyContent: variant === 'icons' ? 'flex-end' : 'flex-start' }}>
      {specs.map(({ key, labelKey, Icon, to, onClick, color, needsRuntime, offReason }) => {
        const label = t('outbox.action.of', { action: t(labelKey), id: view.id });
        const disabled = (needsRuntime && !canAct) || offReason !== undefined;
        const link = to ? { component: RouterLink, to } : { onClick };
        const described = offReason === undefined ? {} : { 'aria-describedby': whyId };
        const button =
          variant === 'icons' ? (
            <IconButton size="small" aria-label={label} title={offReason === undefined ? t(labelKey) : undefined} color={color} disabled={disabled} {...described} {...link}>
              <Icon fontSize="small" />
            </IconButton>
          ) : (
            <Button size="small" variant="outlined" aria-label={label} startIcon={<Icon />} color={color} disabled={disabled} {...described} {...link}>
              {t(labelKey)}
            </Button>
          );
        // A disabled button gets no pointer events: the wrapper carries the reason's tooltip.
        return offReason === undefined ? (
          <Fragment key={key}>{button}</Fragment>
        ) : (
          <Box component="span" key={key} title={offReason} sx={{ display: 'inline-flex' }}>
            {button}
          </Box>
        );
      })}
    </Box>
  );
  if (variant === 'icons' || !sendNowOff) return actions;
  return (
    <Box sx={{ display: 'grid', gap: 0.75 }}>
      {actions}
      <Typography id={whyId} variant="body2" color="text.secondary">
        {t('outbox.sendNow.offline')}
      </Typography>
    </Box>
  );
}
