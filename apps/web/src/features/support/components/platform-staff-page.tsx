import {
  type InviteStaffFormValues,
  type InviteStaffInput,
  inviteStaffSchema,
  STAFF_KINDS,
  TEXT_LIMITS,
  isPlatformAdmin,
} from '@inscrio/shared';
import { Trash2, UserPlus, UsersRound } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/feedback/error-state';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { type Column, DataTable } from '@/components/lists/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/form-field';
import { useAuth } from '@/lib/auth-store';
import { formatDateTime } from '@/lib/dates';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notify, notifyError } from '@/lib/notify';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { type StaffMember, useInviteStaff, usePlatformStaff, useRemoveStaff } from '../api/staff';
import { AccessDenied } from '@/components/feedback/access-denied';

const FIELDS = ['email', 'firstName', 'lastName', 'kind'] as const;

function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('platform-staff');
  const locale = useLocale();
  const schema = useMemo(() => inviteStaffSchema(locale), [locale]);
  const invite = useInviteStaff();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteStaffFormValues, unknown, InviteStaffInput>({
    resolver: payloadResolver(schema),
    defaultValues: { email: '', firstName: '', lastName: '', kind: 'support' },
    mode: 'onTouched',
  });
  const submit = handleSubmit(async (input) => {
    try {
      await invite.mutateAsync(input);
      notify.success(t('invite.sent', { email: input.email }));
      reset();
      onOpenChange(false);
    } catch (error) {
      if (!applyApiFieldErrors(error, setError, FIELDS)) notifyError(error);
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('invite.title')}
      description={t('invite.description')}
    >
      <form onSubmit={submit} noValidate className="space-y-4" data-staff-invite-form="">
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="off"
          maxLength={TEXT_LIMITS.email}
          error={errors.email?.message}
          {...register('email')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('fields.firstName')}
            maxLength={TEXT_LIMITS.personName}
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label={t('fields.lastName')}
            maxLength={TEXT_LIMITS.personName}
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <SelectField label={t('fields.kind')} error={errors.kind?.message} {...register('kind')}>
          {STAFF_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kind.${kind}`)}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            <UserPlus aria-hidden="true" />
            {t('invite.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function RemoveDialog({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const { t } = useTranslation('platform-staff');
  const remove = useRemoveStaff();
  const name = member ? `${member.firstName} ${member.lastName}`.trim() || member.email : '';
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={t('remove.title')}
      description={t('remove.description', { name })}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            data-staff-remove-confirm=""
            onClick={() =>
              member &&
              remove.mutate(member.userId, {
                onSuccess: () => {
                  notify.success(t('remove.done', { name }));
                  onClose();
                },
                // `last_system_admin` and the others come with their text in the user's language.
                onError: notifyError,
              })
            }
          >
            <Trash2 aria-hidden="true" />
            {t('remove.confirm')}
          </Button>
        </div>
      }
    />
  );
}

/**
 * « Administrateurs et supports » (`/members/all` in the system organisation): the platform staff,
 * an invitation by e-mail, and removal (never the last system administrator, which the API refuses).
 */
function PlatformStaffPageContent() {
  const { t } = useTranslation('platform-staff');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { user } = useAuth();
  const query = usePlatformStaff();
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const items = query.data?.items ?? [];
  const nameOf = (member: StaffMember) => `${member.firstName} ${member.lastName}`.trim() || member.email;
  const state = (member: StaffMember) =>
    member.invited ? (
      <Badge variant="warning">{t('state.invited')}</Badge>
    ) : member.lastLoginAt ? (
      formatDateTime(member.lastLoginAt, timeZone, locale)
    ) : (
      t('state.never')
    );
  const removeButton = (member: StaffMember) =>
    member.userId === user?.id ? null : (
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={t('remove.label', { name: nameOf(member) })}
        onClick={() => setRemoving(member)}
        data-staff-remove={member.email}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    );
  const columns: Column<StaffMember>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      cell: (member) => (
        <span className="block min-w-0">
          <span className="block font-semibold text-slate-900">{nameOf(member)}</span>
          <span className="block text-xs text-slate-500">{member.email}</span>
        </span>
      ),
    },
    { id: 'kind', header: t('columns.kind'), cell: (member) => t(`kind.${member.kind}`) },
    { id: 'lastLoginAt', header: t('columns.lastLoginAt'), cell: state },
    {
      id: 'actions',
      header: t('columns.actions'),
      hiddenHeader: true,
      cell: removeButton,
      className: 'w-12',
    },
  ];
  return (
    <PageContainer>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={() => setInviting(true)} data-staff-invite="">
            <UserPlus aria-hidden="true" />
            {t('invite.open')}
          </Button>
        }
      />
      <DataTable
        items={items}
        getKey={(member) => member.userId}
        columns={columns}
        query={query}
        loadingLabel={t('loading')}
        errorTitle={t('errors.list')}
        rowProps={(member) => ({ 'data-staff-row': member.email })}
        empty={<EmptyState icon={<UsersRound className="size-8" aria-hidden="true" />} title={t('empty')} />}
        card={(member) => (
          <div className="flex items-start justify-between gap-3 p-4" data-staff-card={member.email}>
            <div className="min-w-0 space-y-1">
              <p className="font-semibold break-words text-slate-900">{nameOf(member)}</p>
              <p className="text-xs break-all text-slate-500">{member.email}</p>
              <p className="text-xs text-slate-600">
                {t(`kind.${member.kind}`)} · {state(member)}
              </p>
            </div>
            {removeButton(member)}
          </div>
        )}
      />
      <InviteDialog open={inviting} onOpenChange={setInviting} />
      <RemoveDialog member={removing} onClose={() => setRemoving(null)} />
    </PageContainer>
  );
}

export function PlatformStaffPage() {
  const { t } = useTranslation('platform-staff');
  const { user } = useAuth();
  if (!isPlatformAdmin(user, user?.organizationId))
    return <AccessDenied title={t('title')} reason={t('forbidden')} />;
  return <PlatformStaffPageContent />;
}
