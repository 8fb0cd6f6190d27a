import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AuditChangeRow, AuditRecord } from '@contract/audit';
import { changedFields, flatOfId, isRefused, objectPath, routeLabel, type AuditObjectRef } from './audit-model';
import { ruMessages, useT, type FeatureMessageKey } from './messages';
import { pluralKey } from '@/i18n/plural';
import { useLanguage } from '@/lib/preferences';

const OBJECT = '\u0000object\u0000';
const PARENT = '\u0000parent\u0000';

function messageKey(key: string): FeatureMessageKey | null {
  return key in ruMessages ? (key as FeatureMessageKey) : null;
}

/** The audit trail's words: objects by name, sentences, field names and values, in the reader's language. */
export function useAuditWords() {
  const t = useT();
  const language = useLanguage();
  const objectText = (object: AuditObjectRef): string => {
    const flat = object.kind === 'flat' ? flatOfId(object.id) : null;
    return flat ? t('recentAudit.flat', { num: flat.flatNum, address: object.label }) : object.label;
  };
  const kindText = (kind: string): string => {
    const key = messageKey(`recentAudit.kind.${kind}`);
    return key ? t(key) : kind;
  };
  /** The sentence's template with {object} and {parent} left as markers, split around them. */
  const sentence = (change: AuditChangeRow): string[] => {
    const key = messageKey(`recentAudit.say.${change.kind}.${change.action}`);
    const actionKey = messageKey(`recentAudit.action.${change.action}`);
    const text = key
      ? t(key, { object: OBJECT, parent: PARENT })
      : t('recentAudit.say.other', { kind: kindText(change.kind), object: OBJECT, action: actionKey ? t(actionKey) : change.action });
    return text.split(/(\u0000object\u0000|\u0000parent\u0000)/);
  };
  const fieldText = (field: string): string => {
    const key = messageKey(`recentAudit.field.${field}`);
    return key ? t(key) : field;
  };
  const valueText = (value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('recentAudit.diff.none');
    if (typeof value === 'boolean') return t(value ? 'recentAudit.yes' : 'recentAudit.no');
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return value.length === 0 ? t('recentAudit.diff.none') : value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ');
    return JSON.stringify(value);
  };
  return { t, language, objectText, kindText, sentence, fieldText, valueText };
}

function ObjectLink({ object, parent, text }: { object: AuditObjectRef; parent: AuditObjectRef | null; text: string }) {
  const path = objectPath(object, parent);
  const sx = { fontWeight: 600, overflowWrap: 'anywhere' } as const;
  if (path === null) return <Box component="span" sx={sx}>{text}</Box>;
  return (
    <Link component={RouterLink} to={path} sx={sx}>
      {text}
    </Link>
  );
}

/** «Отозвано право KEYS_LIST_PERMISSION у petrov.e»: the object and the one it was done in, each linked to its screen. */
export function ChangeSentence({ change }: { change: AuditChangeRow }) {
  const words = useAuditWords();
  const parts = words.sentence(change);
  return (
    <>
      {parts.map((part, index) => {
        if (part === OBJECT) return <ObjectLink key={index} object={change} parent={change.parent} text={words.objectText(change)} />;
        if (part === PARENT) return change.parent ? <ObjectLink key={index} object={change.parent} parent={null} text={words.objectText(change.parent)} /> : <Fragment key={index}>{words.t('recentAudit.diff.none')}</Fragment>;
        return <Fragment key={index}>{part}</Fragment>;
      })}
    </>
  );
}

/** A change's fields, each «field: before → after» (only «after» for a creation, only «before» for a deletion). */
export function ChangeFields({ change }: { change: AuditChangeRow }) {
  const words = useAuditWords();
  const fields = changedFields(change);
  if (fields.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.25 }}>
      {fields.map(({ field, before, after }) => {
        const value =
          change.before === null ? words.valueText(after) : change.after === null ? words.valueText(before) : words.t('recentAudit.arrow', { before: words.valueText(before), after: words.valueText(after) });
        return (
          <Typography component="li" variant="body2" key={field} sx={{ overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {words.fieldText(field)}:
            </Box>{' '}
            {value}
          </Typography>
        );
      })}
    </Box>
  );
}

/** What a record did in words: its changes' sentences (the first `max`), else why there are none. */
export function AuditSummary({ record, max = 3, fields = false }: { record: AuditRecord; max?: number; fields?: boolean }) {
  const words = useAuditWords();
  let body: ReactNode;
  if (record.changes.length > 0) {
    const shown = record.changes.slice(0, max);
    body = (
      <>
        {shown.map((change, index) => (
          <Box key={index} sx={{ minWidth: 0 }}>
            <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
              <ChangeSentence change={change} />
            </Typography>
            {fields && <ChangeFields change={change} />}
          </Box>
        ))}
        {record.changes.length > shown.length && (
          <Typography variant="body2" color="text.secondary">
            {words.t(pluralKey(words.language, 'recentAudit.more', record.changes.length - shown.length), { count: record.changes.length - shown.length })}
          </Typography>
        )}
      </>
    );
  } else if (isRefused(record)) {
    body = <Typography variant="body2">{words.t('recentAudit.refusedText', { status: record.status, message: record.message ?? words.t('recentAudit.diff.none') })}</Typography>;
  } else if (record.diffSource === 'request') {
    body = (
      <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {words.t('recentAudit.requestText', { route: routeLabel(record.route) })}
      </Typography>
    );
  } else {
    const object = record.targetKind === null ? words.t('recentAudit.diff.none') : `${words.kindText(record.targetKind)} ${record.targetId ?? ''}`.trim();
    body = <Typography variant="body2">{words.t('recentAudit.noChange', { object })}</Typography>;
  }
  return <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>{body}</Box>;
}
