import type { OrganizationSettings, OrganizationSettingsInput } from '@inscrio/shared';
import { useEffect, useMemo } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { type OutputSchema, payloadResolver } from '@/lib/payload-resolver';
import { useUpdateOrganization } from '../api/organization';

/**
 * The form of one configuration step. Checked on save (not on blur: a message appearing under a field
 * would move what sits below it under the pointer) by `schema`, on the payload `toPayload` builds;
 * reset to the organisation each time it is saved or refreshed; saved through PATCH, answered with the
 * server's notifications (a payment method activated or deactivated) or else its message, the server's
 * field errors shown under `fields`.
 */
export function useSettingsStepForm<Values extends FieldValues>({
  organization,
  schema,
  toValues,
  toPayload,
  fields,
}: {
  organization: OrganizationSettings;
  /** Memoised by the caller: a new schema builds a new resolver. */
  schema: OutputSchema<OrganizationSettingsInput>;
  toValues: (organization: OrganizationSettings) => Values;
  toPayload: (values: Values) => OrganizationSettingsInput;
  fields: readonly Path<Values>[];
}) {
  const { t } = useTranslation('organization-settings');
  const update = useUpdateOrganization();
  const resolver = useMemo(
    () => payloadResolver<Values, OrganizationSettingsInput>(schema, toPayload),
    [schema, toPayload],
  );
  const form = useForm<Values, unknown, OrganizationSettingsInput>({
    resolver,
    defaultValues: toValues(organization) as DefaultValues<Values>,
    mode: 'onSubmit',
  });
  const { reset, setError, handleSubmit } = form;

  useEffect(() => {
    reset(toValues(organization));
  }, [organization, reset, toValues]);

  const submit = handleSubmit(async (input) => {
    try {
      const result = await update.mutateAsync({ id: organization.id, input });
      const texts = result.notifications.length > 0 ? result.notifications : [result.message];
      for (const text of texts) notify.success(text);
    } catch (error) {
      applyApiFieldErrors(error, setError, fields);
      notify.error(t('errors.update'));
    }
  });

  return { ...form, submit };
}
