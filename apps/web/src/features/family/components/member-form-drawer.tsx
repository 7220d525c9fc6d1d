import { type DelegatedPersonInput, delegatedPersonSchema, displayName, message } from '@inscrio/shared';
import { Home, Save, UserPlus } from 'lucide-react';
import { useEffect, useId, useMemo } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSection } from '@/components/forms/form-section';
import { IdentityFields, type PersonFieldName, PhoneField } from '@/components/forms/person-fields';
import { AddressFields } from '@/components/forms/address-fields';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { SideDrawer } from '@/components/ui/side-drawer';
import type { Member } from '@/lib/api-types';
import { useAuth } from '@/lib/auth-store';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notify, notifyError } from '@/lib/notify';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import { useCreateMember } from '../api/create-member';
import { useUpdateMember } from '../api/update-member';

/** The form keeps every field as typed; '' is "not given" for the optional ones (the shared rule). */
export interface MemberFormValues {
  gender: string;
  firstName: string;
  lastName: string;
  birthdate: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  phoneNumber: string;
  email: string;
}

const FIELDS: readonly Path<MemberFormValues>[] = [
  'gender',
  'firstName',
  'lastName',
  'birthdate',
  'address',
  'postalCode',
  'city',
  'country',
  'phoneNumber',
  'email',
];

/** A number written the way people of each country write theirs, as a hint. */
const PHONE_EXAMPLES: Record<string, string> = {
  BEL: '+32 470 12 34 56',
  FRA: '+33 6 12 34 56 78',
  LUX: '+352 621 123 456',
};

function valuesOf(member: Member | null, lastName: string): MemberFormValues {
  return {
    gender: member?.gender ?? '',
    firstName: member?.firstName ?? '',
    lastName: member ? member.lastName : lastName,
    birthdate: member?.birthdate ?? '',
    address: member?.address ?? '',
    postalCode: member?.postalCode ?? '',
    city: member?.city ?? '',
    country: member?.country ?? '',
    phoneNumber: member?.phoneNumber ?? '',
    email: member?.email ?? '',
  };
}

export interface MemberFormDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The member to edit; none to add one. */
  member: Member | null;
}

/**
 * Adds or edits a family member in a side drawer, with the rules of a delegated person (spec section 5
 * through the shared `delegatedPersonSchema`): identity and birthdate required, no e-mail or password
 * needed, contact details optional but checked when given.
 */
export function MemberFormDrawer({ open, onOpenChange, member }: MemberFormDrawerProps) {
  const { t } = useTranslation('family');
  const locale = useLocale();
  const formId = useId();
  const { user, member: self } = useAuth();
  const create = useCreateMember();
  const update = useUpdateMember();
  const schema = useMemo(() => delegatedPersonSchema(locale), [locale]);
  const editing = member !== null;

  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<MemberFormValues, unknown, DelegatedPersonInput>({
    resolver: payloadResolver<MemberFormValues, DelegatedPersonInput>(schema),
    defaultValues: valuesOf(member, user?.lastName ?? ''),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });

  // Each opening starts from the member (or a blank child carrying the family's name).
  useEffect(() => {
    if (open) reset(valuesOf(member, user?.lastName ?? ''));
  }, [open, member, user?.lastName, reset]);

  const country = watch('country');
  const ownAddress = self?.address ? self : null;

  const copyMyAddress = () => {
    if (!ownAddress) return;
    const options = { shouldDirty: true, shouldValidate: true } as const;
    setValue('address', ownAddress.address ?? '', options);
    setValue('postalCode', ownAddress.postalCode ?? '', options);
    setValue('city', ownAddress.city ?? '', options);
    setValue('country', ownAddress.country ?? '', options);
  };

  const onSubmit = handleSubmit(async (input) => {
    try {
      if (member) {
        await update.mutateAsync({ id: member.id, input });
        notify.success(message('delegatedMemberUpdated', locale));
      } else {
        await create.mutateAsync(input);
        notify.success(message('delegatedMemberCreated', locale));
      }
      onOpenChange(false);
    } catch (error) {
      applyApiFieldErrors(error, setError, FIELDS);
      notifyError(error);
    }
  });

  const error = (name: keyof MemberFormValues) => errors[name]?.message;
  const bind = (name: PersonFieldName) => ({ registration: register(name), error: error(name) });
  const name = member ? displayName(member, 'member', locale) : '';

  return (
    <SideDrawer
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? t('form.editTitle', { name }) : t('form.addTitle')}
      description={editing ? t('form.editDescription') : t('form.addDescription')}
      className="w-[min(32rem,calc(100vw-1.5rem))]"
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={isSubmitting}>
            {editing ? <Save aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
            {editing ? t('form.save') : t('form.create')}
          </Button>
        </div>
      }
    >
      <form
        id={formId}
        onSubmit={onSubmit}
        noValidate
        className="space-y-7 px-5 py-5"
        aria-label={editing ? t('form.editTitle', { name }) : t('form.addTitle')}
        data-member-form=""
      >
        <FormSection title={t('form.identity')}>
          <IdentityFields bind={bind} />
        </FormSection>

        <FormSection title={t('form.contact')} description={t('form.contactHint')}>
          {ownAddress ? (
            <div className="sm:col-span-2">
              <Button variant="subtle" size="sm" onClick={copyMyAddress}>
                <Home aria-hidden="true" />
                {t('form.useMyAddress')}
              </Button>
            </div>
          ) : null}
          <AddressFields bind={bind} />
          <PhoneField bind={bind} placeholder={PHONE_EXAMPLES[country] ?? PHONE_EXAMPLES.BEL} />
          <TextField
            className="sm:col-span-2"
            label={t('fields.email')}
            type="email"
            inputMode="email"
            autoComplete="off"
            error={error('email')}
            {...register('email')}
          />
        </FormSection>
      </form>
    </SideDrawer>
  );
}
