import { useT } from '@/features/replace-wizard/messages';
import type { ReplaceWizard } from '../use-replace-wizard';
import { FieldGrid, TextInput, Wide } from './fields';

/** How the server reaches the new device: its URL, login and password (factory defaults). */
export function AccessStep({ wizard }: { wizard: ReplaceWizard }) {
  const t = useT();
  return (
    <FieldGrid>
      <Wide>
        <TextInput wizard={wizard} name="url" label={t('replaceWizard.field.url')} code />
      </Wide>
      <TextInput wizard={wizard} name="login" label={t('replaceWizard.field.login')} required code />
      <TextInput wizard={wizard} name="password" label={t('replaceWizard.field.password')} helper={t('replaceWizard.field.password.helper')} secret />
    </FieldGrid>
  );
}
