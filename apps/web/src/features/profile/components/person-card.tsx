import {
  type Locale,
  message,
  type PersonInput,
  personSchema,
  withPersonContactRules,
} from '@inscrio/shared';
import { Save } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/feedback/error-state';
import { GenderBirthdateFields, PhoneField } from '@/components/forms/person-fields';
import { type AddressFieldName, AddressFields, dialPrefixFor } from '@/components/forms/address-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { Member } from '@/lib/api-types';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notify, notifyError } from '@/lib/notify';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import { useMeMember } from '../api/get-me-member';
import { useUpdateMember } from '../api/update-member';

/**
 * The person form of spec section 3 without what the account card holds (names, e-mail) and without
 * credentials, with every rule of spec section 5: all required, the phone number checked against the
 * chosen country's numbering plan and the postal code against its format.
 */
export const personDetailsSchema = (locale: Locale) =>
  withPersonContactRules(
    personSchema(locale).pick({
      gender: true,
      birthdate: true,
      address: true,
      postalCode: true,
      city: true,
      country: true,
      phoneNumber: true,
    }),
    locale,
  );

type PersonDetails = Pick<
  PersonInput,
  'gender' | 'birthdate' | 'address' | 'postalCode' | 'city' | 'country' | 'phoneNumber'
>;
type PersonValues = Record<keyof PersonDetails, string>;

const FIELDS: readonly Path<PersonValues>[] = [
  'gender',
  'birthdate',
  'address',
  'postalCode',
  'city',
  'country',
  'phoneNumber',
];

const valuesOf = (member: Member | undefined): PersonValues => ({
  gender: member?.gender ?? '',
  birthdate: member?.birthdate ?? '',
  address: member?.address ?? '',
  postalCode: member?.postalCode ?? '',
  city: member?.city ?? '',
  country: member?.country ?? '',
  phoneNumber: member?.phoneNumber ?? '',
});

/** The user's own person (`PATCH /me/member`): 'Vos informations ont été mises à jour avec succès.' */
export function PersonCard({ id }: { id: string }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const member = useMeMember();
  const update = useUpdateMember();
  const schema = useMemo(() => personDetailsSchema(locale), [locale]);

  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<PersonValues, unknown, PersonDetails>({
    resolver: payloadResolver<PersonValues, PersonDetails>(schema),
    defaultValues: valuesOf(member.data),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });

  useEffect(() => {
    if (member.data && !isDirty) reset(valuesOf(member.data));
  }, [member.data, isDirty, reset]);

  // Picking a country starts the phone number with its dial prefix, unless a number is already typed.
  const onCountryChange = (code: string) => {
    const prefix = dialPrefixFor(code, getValues('phoneNumber'));
    if (prefix) setValue('phoneNumber', prefix);
  };

  const onSubmit = handleSubmit(async (input) => {
    try {
      const updated = await update.mutateAsync(input);
      reset(valuesOf(updated));
      notify.success(message('informationUpdated', locale));
    } catch (error) {
      applyApiFieldErrors(error, setError, FIELDS);
      notifyError(error);
    }
  });

  const error = (name: keyof PersonValues) => errors[name]?.message;
  const bind = (name: 'gender' | 'birthdate' | 'phoneNumber' | AddressFieldName) => ({
    registration: register(name),
    error: error(name),
  });

  return (
    <Card id={id} className="scroll-mt-6">
      <CardHeader>
        <CardTitle>{t('person.title')}</CardTitle>
        <CardDescription>{t('person.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {member.isPending ? (
          <div className="py-6">
            <Spinner label={t('person.loading')} />
          </div>
        ) : member.isError ? (
          <ErrorState error={member.error} onRetry={() => void member.refetch()} />
        ) : (
          <form
            onSubmit={onSubmit}
            noValidate
            className="grid gap-x-5 gap-y-4 sm:grid-cols-2"
            aria-label={t('person.title')}
            data-person-form=""
          >
            <GenderBirthdateFields bind={bind} own />
            <AddressFields bind={bind} onCountryChange={onCountryChange} ownAddress />
            <PhoneField bind={bind} own />
            <div className="flex justify-end sm:col-span-2">
              <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
                <Save aria-hidden="true" />
                {t('person.save')}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
