import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { Commutator } from '@contract/commutators';
import { useT } from '../messages';

/** One tab per commutator of a device that has several (loaded only then: most panels have one). */
export function CommutatorTabs({ commutators, position, onChange }: { commutators: readonly Commutator[]; position: number; onChange: (position: number) => void }) {
  const t = useT();
  return (
    <Tabs value={position} onChange={(_event, value: number) => onChange(value)} variant="scrollable" aria-label={t('commutators.tabs')}>
      {commutators.map((each, index) => (
        <Tab key={each.index} value={index} label={t('commutators.tab', { number: each.index + 1 })} />
      ))}
    </Tabs>
  );
}
