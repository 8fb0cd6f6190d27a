import { useState } from 'react';
import { DateFilter } from '@/components/date-filter/date-filter';
import { useT, type FeatureMessageKey } from '@/features/devices/messages';
import { plausibleDate, type DeviceFilters } from '../model';

type DateKey = 'createDateFrom' | 'createDateTo' | 'lastChangeFrom' | 'lastChangeTo';

const FIELDS: readonly { key: DateKey; label: FeatureMessageKey; bound: 'start' | 'end' }[] = [
  { key: 'createDateFrom', label: 'devices.filter.createFrom', bound: 'start' },
  { key: 'createDateTo', label: 'devices.filter.createTo', bound: 'end' },
  { key: 'lastChangeFrom', label: 'devices.filter.changeFrom', bound: 'start' },
  { key: 'lastChangeTo', label: 'devices.filter.changeTo', bound: 'end' },
];

interface DeviceDateFiltersProps {
  filters: DeviceFilters;
  onChange: (filters: Partial<DeviceFilters>) => void;
}

/** createDate and lastChange ranges: a range starts at 00:00:00 and ends at 23:59:59 of the chosen days. */
export function DeviceDateFilters({ filters, onChange }: DeviceDateFiltersProps) {
  const t = useT();
  return FIELDS.map((field) => (
    <DraftDate key={field.key} label={t(field.label)} bound={field.bound} value={filters[field.key]} onCommit={(value) => onChange({ [field.key]: value })} />
  ));
}

/**
 * The field reports a date at each keystroke of the year (0002, 0020, 0202 …): those stay in the
 * field, and only an empty field or a plausible date reaches the URL and the server.
 */
function DraftDate({ label, bound, value, onCommit }: { label: string; bound: 'start' | 'end'; value: string; onCommit: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (committed !== value) {
    // The URL changed from elsewhere (reset, back/forward).
    setCommitted(value);
    setDraft(value);
  }
  const change = (next: string) => {
    setDraft(next);
    if (next === '' || plausibleDate(next)) {
      setCommitted(next);
      onCommit(next);
    }
  };
  return <DateFilter label={label} bound={bound} value={draft} onChange={change} />;
}
