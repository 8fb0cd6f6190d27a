import { PageHeader } from '@/components/page-header';
import { useT } from '@/i18n/i18n';

// Scaffold: replaced by the screen itself in this issue.
export function AccessPage() {
  const t = useT();
  return <PageHeader title={t('route.title.access')} />;
}
