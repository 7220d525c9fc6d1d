import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import type { RegisterFormValues } from './register-form-model';
import { RegisterStep } from './register-step';

/** Step 3 when asking the club: a note for the managers. */
export function RequestNoteStep() {
  const { t } = useTranslation('catalog');
  const id = useId();
  const { register } = useFormContext<RegisterFormValues>();
  return (
    <RegisterStep number={3} title={t('register.request.note')}>
      <FormField id={`${id}-note`} label={t('register.request.noteHint')}>
        <Textarea id={`${id}-note`} maxLength={1000} rows={3} data-request-note="" {...register('note')} />
      </FormField>
    </RegisterStep>
  );
}
