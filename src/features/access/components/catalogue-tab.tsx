import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '@/features/access/messages';
import { useServices } from '../use-catalogue';
import { CatalogueSection, SectionBody, SectionFrame } from './catalogue-section';
import { EntryTable } from './entry-table';

/** The access catalogue: reasons and actions side by side on a wide screen, the read-only services below. */
export function CatalogueTab({ canWrite, online }: { canWrite: boolean; online: boolean }) {
  const t = useT();
  const services = useServices();
  const typeName = (type: number) => (isKnownServiceType(type) ? t(`access.catalogue.type.${type}`) : t('access.catalogue.type.other', { type }));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
      <CatalogueSection kind="reasons" canWrite={canWrite} online={online} />
      <CatalogueSection kind="actions" canWrite={canWrite} online={online} />
      <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
        <SectionFrame title={t('access.catalogue.services')}>
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
            {t('access.catalogue.servicesNote')}
          </Typography>
          <SectionBody loading={services.loading} error={services.error} empty={services.services.length === 0} onRetry={services.retry}>
            <EntryTable
              label={t('access.catalogue.services')}
              rows={services.services}
              extra={{ header: t('access.catalogue.column.type'), cell: (service) => typeName(service.type) }}
            />
          </SectionBody>
        </SectionFrame>
      </Box>
    </Box>
  );
}

const KNOWN_SERVICE_TYPES = [1, 2, 3, 4] as const;
function isKnownServiceType(type: number): type is (typeof KNOWN_SERVICE_TYPES)[number] {
  return (KNOWN_SERVICE_TYPES as readonly number[]).includes(type);
}
