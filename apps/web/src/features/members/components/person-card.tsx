import { countryName, GENDERS, personFormSchema, type PersonInput } from '@inscrio/shared';
import { Pencil, Save } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSection } from '@/components/forms/form-section';
import { type BindPersonField, IdentityFields, type PersonFieldName } from '@/components/forms/person-fields';
import { AddressFields } from '@/components/forms/address-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SideDrawer } from '@/components/ui/side-drawer';
import { isApiError } from '@/lib/api-error';
import { formatDate } from '@/lib/dates';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notify, notifyError } from '@/lib/notify';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import type { MemberDetail, MemberPerson } from '../api/types';
import { useUpdateMember } from '../api/update-member';
import { useTimeZone } from '@/lib/use-time-zone';
import { PERSON_FIELDS, type PersonValues } from './create-member-form-model';
import { ContactFields } from './contact-fields';

/** A term and its value; `compact` puts them on one line (a narrow column). */
export function Detail({
  term,
  children,
  compact = false,
}: {
  term: ReactNode;
  children: ReactNode;
  compact?: boolean;
}) {
  return (
    <div
      className={
        compact ? 'flex items-baseline justify-between gap-4 py-3' : 'grid gap-1 py-3 sm:grid-cols-3 sm:gap-4'
      }
    >
      <dt className="text-sm font-medium text-slate-500">{term}</dt>
      <dd
        className={
          compact
            ? 'min-w-0 text-right text-sm text-slate-900'
            : 'min-w-0 text-sm break-words text-slate-900 sm:col-span-2'
        }
      >
        {children || <span className="text-slate-500">—</span>}
      </dd>
    </div>
  );
}

/** The street, then postal code and city, then the country, on one line. */
export function addressLine(person: Pick<MemberPerson, 'address' | 'postalCode' | 'city' | 'country'>) {
  return [
    person.address,
    [person.postalCode, person.city].filter(Boolean).join(' '),
    countryName(person.country),
  ]
    .filter(Boolean)
    .join(', ');
}

const toValues = (person: MemberPerson): PersonValues => ({
  gender: person.gender ?? '',
  firstName: person.firstName,
  lastName: person.lastName,
  birthdate: person.birthdate ?? '',
  address: person.address ?? '',
  postalCode: person.postalCode ?? '',
  city: person.city ?? '',
  country: person.country ?? '',
  phoneNumber: person.phoneNumber ?? '',
  email: person.email ?? '',
});

/** The member's person form in a drawer (`PATCH /members/{userId}` with `person`), the person rules applied. */
function EditPersonDrawer({
  member,
  open,
  onOpenChange,
}: {
  member: MemberDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('members');
  const locale = useLocale();
  const formId = useId();
  const update = useUpdateMember(member.userId);
  const schema = useMemo(() => personFormSchema(locale), [locale]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PersonValues, unknown, PersonInput>({
    resolver: payloadResolver<PersonValues, PersonInput>(schema),
    values: toValues(member.person),
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });

  const bind: BindPersonField = (name: PersonFieldName) => ({
    registration: register(name),
    error: errors[name]?.message,
  });

  const close = (next: boolean) => {
    if (!next) reset(toValues(member.person));
    onOpenChange(next);
  };

  const onSubmit = handleSubmit(async (person) => {
    try {
      await update.mutateAsync({ person });
      notify.success(t('person.saved'));
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error) && error.code === 'email_taken') {
        setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
      } else {
        applyApiFieldErrors(
          error,
          (field, value, options) =>
            setError(field.replace(/^person\./, '') as Path<PersonValues>, value, options),
          PERSON_FIELDS.flatMap((field) => [field, `person.${field}`]) as Path<PersonValues>[],
        );
      }
      notifyError(error);
    }
  });

  return (
    <SideDrawer
      open={open}
      onOpenChange={close}
      title={t('person.editTitle', { name: member.displayName })}
      description={t('person.editDescription')}
      className="w-[min(34rem,calc(100vw-1.5rem))]"
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)}>
            {t('person.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={isSubmitting}>
            <Save aria-hidden="true" />
            {t('person.save')}
          </Button>
        </div>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-7 px-5 py-5" data-person-form="">
        <FormSection title={t('create.sections.identity')}>
          <IdentityFields bind={bind} />
        </FormSection>
        <FormSection title={t('create.sections.contact')}>
          <AddressFields bind={bind} />
          <ContactFields bind={bind} />
        </FormSection>
      </form>
    </SideDrawer>
  );
}

/** The member's person as the club knows it, editable by a manager who may edit the account. */
export function PersonCard({ member }: { member: MemberDetail }) {
  const { t } = useTranslation('members');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const [editing, setEditing] = useState(false);
  const { person } = member;
  return (
    <Card data-person-card="">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <CardTitle>{t('person.title')}</CardTitle>
        {member.permissions.canEdit ? (
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            {t('person.edit')}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="pt-2">
        <dl className="divide-y divide-slate-100">
          <Detail term={t('fields.gender')}>
            {GENDERS.is(person.gender) ? GENDERS.label(person.gender, locale) : null}
          </Detail>
          <Detail term={t('fields.birthdate')}>
            {person.birthdate ? formatDate(person.birthdate, timeZone, locale) : null}
          </Detail>
          <Detail term={t('person.address')}>{addressLine(person)}</Detail>
          <Detail term={t('fields.phoneNumber')}>
            {person.phoneNumber ? (
              <a href={`tel:${person.phoneNumber.replace(/\s+/g, '')}`} className="hover:text-brand-700">
                {person.phoneNumber}
              </a>
            ) : null}
          </Detail>
          <Detail term={t('fields.email')}>
            <a href={`mailto:${member.email}`} className="hover:text-brand-700">
              {member.email}
            </a>
          </Detail>
        </dl>
      </CardContent>
      {member.permissions.canEdit ? (
        <EditPersonDrawer member={member} open={editing} onOpenChange={setEditing} />
      ) : null}
    </Card>
  );
}
