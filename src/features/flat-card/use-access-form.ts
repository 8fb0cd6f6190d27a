import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { setPermissions } from './api';
import { useT } from './messages';
import { accessBody, accessForm, applyAccess, incompleteService, type AccessForm, type PermissionRow, type ServiceRow } from './model';
import { flatCardQueries } from './queries';
import { useFlat, useFlatMutation } from './use-flat-card';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes/use-unsaved-changes-guard';

/** Access services and permissions of the flat, edited together and saved with PUT …/permissions. */
export function useAccessForm() {
  const t = useT();
  const { flat, data, canEdit } = useFlat();
  const [saved, setSaved] = useState<AccessForm>(() => accessForm(data.flat));
  const [form, setForm] = useState<AccessForm>(saved);
  const [problem, setProblem] = useState<string | null>(null);
  // The catalogue is needed only to grant a service the flat has no entry for.
  const catalogue = useQuery({ ...flatCardQueries.services(), enabled: canEdit });
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  useUnsavedChangesGuard(canEdit && dirty);

  const save = useFlatMutation({
    send: (next: AccessForm) => setPermissions(flat, accessBody(next)),
    apply: (current, next) => ({ ...current, flat: applyAccess(current.flat, next) }),
    done: () => t('flat.access.saved'),
    onDone: (next) => setSaved(next),
  });

  const updateService = (serviceId: number, change: Partial<ServiceRow>) =>
    setForm((current) => ({ ...current, services: current.services.map((row) => (row.serviceId === serviceId ? { ...row, ...change } : row)) }));
  const updatePermission = (name: string, change: Partial<PermissionRow>) =>
    setForm((current) => ({ ...current, permissions: current.permissions.map((row) => (row.permissionName === name ? { ...row, ...change } : row)) }));

  const present = new Set(form.services.map((row) => row.serviceId));
  return {
    form,
    dirty,
    problem,
    options: data.accessOptions,
    addable: (catalogue.data ?? []).filter((service) => !present.has(service.id)),
    updateService,
    updatePermission,
    addService: (serviceId: number) => {
      const service = catalogue.data?.find((entry) => entry.id === serviceId);
      if (!service) return;
      setForm((current) => ({
        ...current,
        services: [
          ...current.services,
          { serviceId: service.id, name: service.name, description: service.description, access: true, actionId: null, reasonId: null, source: null },
        ],
      }));
    },
    removeService: (serviceId: number) => setForm((current) => ({ ...current, services: current.services.filter((row) => row.serviceId !== serviceId) })),
    /** False when a permission of that name exists already. */
    addPermission: (name: string): boolean => {
      const trimmed = name.trim();
      if (trimmed === '' || form.permissions.some((row) => row.permissionName === trimmed)) return false;
      setForm((current) => ({ ...current, permissions: [...current.permissions, { permissionName: trimmed, access: true, reasonId: null, comment: '' }] }));
      return true;
    },
    removePermission: (name: string) => setForm((current) => ({ ...current, permissions: current.permissions.filter((row) => row.permissionName !== name) })),
    reset: () => {
      setForm(saved);
      setProblem(null);
    },
    submit: () => {
      const incomplete = incompleteService(form);
      setProblem(incomplete ? t('flat.access.needActionReason', { name: incomplete.name }) : null);
      if (!incomplete) void save.run(form);
    },
    save,
  };
}
