import {
  type CreateMemberInput,
  grantableRoles,
  MEMBER_CREATE_MAX_FAMILY,
  MEMBER_INVITATION_DAYS,
  ROLES,
} from '@inscrio/shared';
import { Plus, Trash2, UserPlus } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { type Path, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormSection } from '@/components/forms/form-section';
import { type BindPersonField, IdentityFields, type PersonFieldName } from '@/components/forms/person-fields';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { AddressFields, dialPrefixFor } from '@/components/forms/address-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox';
import { SelectField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth-store';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notify, notifyError } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import { useCreateMember } from '../api/create-member';
import { useEstablishmentOptions } from '../api/get-establishment-options';
import { memberPagePath } from '../utils/member-paths';
import {
  type CreateMemberValues,
  createMemberFieldPaths,
  createMemberFormSchema,
  emptyCreateMember,
  emptyFamilyRow,
  toCreateMemberPayload,
} from './create-member-form-model';
import { ContactFields } from './contact-fields';

/**
 * `/members/create`: a member account created by a manager (no password: an optional invitation e-mail
 * lets the person choose one), with the family members added at once. The role select offers only the
 * roles the manager may grant; an establishment manager creates in their own establishment.
 */
export function CreateMemberPage() {
  const { t } = useTranslation('members');
  const locale = useLocale();
  const navigate = useNavigate();
  const { user } = useAuth();
  const create = useCreateMember();
  const establishments = useEstablishmentOptions();
  const roles = useMemo(() => grantableRoles(user), [user]);
  const schema = useMemo(() => createMemberFormSchema(locale), [locale]);
  const resolver = useMemo(
    () => payloadResolver<CreateMemberValues, CreateMemberInput>(schema, toCreateMemberPayload),
    [schema],
  );
  const isEstablishmentManager = user?.role === 'est-manager' && !user.isSystemAdmin;

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<CreateMemberValues, unknown, CreateMemberInput>({
    resolver,
    defaultValues: emptyCreateMember(isEstablishmentManager ? (user?.establishment ?? '') : ''),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const family = useFieldArray({ control, name: 'familyMembers' });
  const role = useWatch({ control, name: 'role' });
  const familyRows = useWatch({ control, name: 'familyMembers' });
  const options = useMemo(() => establishments.data?.items ?? [], [establishments.data]);

  // The default establishment is preselected once the list arrives.
  useEffect(() => {
    if (getValues('establishmentId') || options.length === 0) return;
    const preferred = options.find((option) => option.isDefault) ?? options[0];
    if (preferred) setValue('establishmentId', preferred.id);
  }, [options, getValues, setValue]);

  // Only a basic user can be a holder.
  useEffect(() => {
    if (role !== 'user') setValue('isHolder', false);
  }, [role, setValue]);

  const bindAt =
    (prefix: string): BindPersonField =>
    (name: PersonFieldName) => {
      const path = `${prefix}${name}` as Path<CreateMemberValues>;
      const segments = path.split('.');
      let node: unknown = errors;
      for (const segment of segments) node = (node as Record<string, unknown> | undefined)?.[segment];
      return {
        registration: register(path),
        error: (node as { message?: string } | undefined)?.message,
      };
    };

  // Picking a country starts the phone number with its dial prefix, unless a number is already typed.
  const onCountryChange = (code: string) => {
    const prefix = dialPrefixFor(code, getValues('person.phoneNumber'));
    if (prefix) setValue('person.phoneNumber', prefix);
  };

  const onSubmit = handleSubmit(async (payload) => {
    try {
      const member = await create.mutateAsync(payload);
      notify.success(t('create.created', { name: member.displayName }));
      navigate(memberPagePath(member), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === 'email_taken') {
        setError('person.email', { type: 'server', message: error.message }, { shouldFocus: true });
      } else {
        applyApiFieldErrors(
          error,
          setError,
          createMemberFieldPaths(family.fields.length) as Path<CreateMemberValues>[],
        );
      }
      notifyError(error);
    }
  });

  const establishmentHint = isEstablishmentManager
    ? t('create.establishmentOwnOnly')
    : t('create.establishmentHint');

  return (
    <PageContainer className="max-w-4xl">
      <div className="space-y-3">
        <BackLink to={paths.membersAll.to()}>{t('list.titles.all')}</BackLink>
        <PageHeader title={t('create.title')} description={t('create.description')} />
      </div>

      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={t('create.title')}>
        <Card>
          <CardContent className="space-y-8">
            <FormSection title={t('create.sections.identity')}>
              <IdentityFields bind={bindAt('person.')} />
            </FormSection>
            <FormSection title={t('create.sections.contact')} className="border-t border-slate-100 pt-6">
              <AddressFields bind={bindAt('person.')} onCountryChange={onCountryChange} />
              <ContactFields bind={bindAt('person.')} />
            </FormSection>
          </CardContent>
        </Card>

        <Card>
          <CardContent className="space-y-5">
            <FormSection title={t('create.sections.account')}>
              <SelectField
                label={t('fields.role')}
                hint={t('create.roleHint')}
                error={errors.role?.message}
                {...register('role')}
                data-role-select=""
              >
                {roles.map((value) => (
                  <option key={value} value={value}>
                    {ROLES.label(value, locale)}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={t('fields.establishment')}
                hint={establishmentHint}
                error={errors.establishmentId?.message}
                disabled={isEstablishmentManager || options.length <= 1}
                {...register('establishmentId')}
              >
                {options.length === 0 ? <option value="">{t('common.loading')}</option> : null}
                {options.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </SelectField>
            </FormSection>
            <div className="grid gap-4 border-t border-slate-100 pt-5 sm:grid-cols-2">
              <CheckboxField
                label={t('fields.isHolder')}
                hint={role === 'user' ? t('create.holderHint') : t('create.holderNeedsUser')}
                disabled={role !== 'user'}
                {...register('isHolder')}
              />
              <CheckboxField
                label={t('fields.sendInvitation')}
                hint={t('create.invitationHint', { days: MEMBER_INVITATION_DAYS })}
                {...register('sendInvitation')}
              />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardContent className="space-y-5">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="space-y-1">
                <h2 className="text-sm font-semibold text-slate-900">{t('create.sections.family')}</h2>
                <p className="text-sm text-slate-500">{t('create.familyHint')}</p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                disabled={family.fields.length >= MEMBER_CREATE_MAX_FAMILY}
                onClick={() => family.append(emptyFamilyRow(getValues('person.lastName')))}
              >
                <Plus aria-hidden="true" />
                {t('create.addFamilyMember')}
              </Button>
            </div>

            {family.fields.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
                {t('create.noFamily')}
              </p>
            ) : (
              <ol className="space-y-4" data-family-rows="">
                {family.fields.map((row, index) => (
                  <li
                    key={row.id}
                    className="space-y-4 rounded-xl border border-slate-200 p-4 sm:p-5"
                    data-family-row=""
                  >
                    <div className="flex items-center justify-between gap-3">
                      <h3 className="text-sm font-semibold text-slate-800">
                        {t('create.familyMember', { number: index + 1 })}
                      </h3>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => family.remove(index)}
                        aria-label={t('create.removeFamilyMember', { number: index + 1 })}
                      >
                        <Trash2 aria-hidden="true" />
                        <span className="hidden sm:inline">{t('create.remove')}</span>
                      </Button>
                    </div>
                    <div className="grid gap-x-5 gap-y-4 sm:grid-cols-2">
                      <IdentityFields bind={bindAt(`familyMembers.${index}.`)} />
                      <CheckboxField
                        className="sm:col-span-2"
                        label={t('create.sameAddress')}
                        {...register(`familyMembers.${index}.sameAddress`)}
                      />
                      {familyRows?.[index]?.sameAddress === false ? (
                        <AddressFields bind={bindAt(`familyMembers.${index}.`)} optional />
                      ) : null}
                    </div>
                  </li>
                ))}
              </ol>
            )}
            {family.fields.length >= MEMBER_CREATE_MAX_FAMILY ? (
              <Alert tone="info">{t('create.familyLimit', { max: MEMBER_CREATE_MAX_FAMILY })}</Alert>
            ) : null}
          </CardContent>
        </Card>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" asChild>
            <Link to={paths.membersAll.to()}>{t('create.cancel')}</Link>
          </Button>
          <Button type="submit" loading={isSubmitting || create.isPending} className="sm:min-w-44">
            <UserPlus aria-hidden="true" />
            {t('create.submit')}
          </Button>
        </div>
      </form>
    </PageContainer>
  );
}
