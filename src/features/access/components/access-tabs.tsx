import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { KeyboardEvent } from 'react';
import { useT } from '@/features/access/messages';
import { ACCESS_TABS, type AccessTab } from '../model';

const TAB_LABELS = { blocks: 'access.tab.blocks', catalogue: 'access.tab.catalogue' } as const;

export const tabId = (tab: AccessTab) => `access-tab-${tab}`;
export const panelId = (tab: AccessTab) => `access-panel-${tab}`;

/**
 * The screen's two tabs (WAI-ARIA tabs: arrows move between them). Plain buttons rather than MUI
 * Tabs, whose scrolling machinery would take 7 KB of the route's 250 KB gzip.
 */
export function AccessTabs({ value, onChange }: { value: AccessTab; onChange: (tab: AccessTab) => void }) {
  const t = useT();
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = ACCESS_TABS[(ACCESS_TABS.indexOf(value) + step + ACCESS_TABS.length) % ACCESS_TABS.length]!;
    onChange(next);
    document.getElementById(tabId(next))?.focus();
  };
  return (
    <Box role="tablist" aria-label={t('access.tabs')} onKeyDown={onKeyDown} sx={{ display: 'flex', borderBottom: 1, borderColor: 'divider', mb: 2 }}>
      {ACCESS_TABS.map((tab) => {
        const selected = tab === value;
        return (
          <Button
            key={tab}
            role="tab"
            id={tabId(tab)}
            aria-selected={selected}
            aria-controls={panelId(tab)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            sx={{
              flex: { xs: 1, sm: 'none' },
              borderRadius: 0,
              px: 2,
              py: 1.25,
              mb: '-1px',
              borderBottom: 2,
              borderColor: selected ? 'primary.main' : 'transparent',
              color: selected ? 'primary.main' : 'text.secondary',
              lineHeight: 1.3,
            }}
          >
            {t(TAB_LABELS[tab])}
          </Button>
        );
      })}
    </Box>
  );
}
