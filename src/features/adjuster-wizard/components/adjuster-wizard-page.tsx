import { NotBuiltPage } from '@/app/not-built-page';

// Being built in this session; replaced by the screen.
export function AdjusterWizardPage() {
  return <NotBuiltPage />;
}
