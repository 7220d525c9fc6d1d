import { canGrantRole, message, ROLES, type Role, updateMemberAccountSchema } from '@inscrio/shared';
import { Save, UserCheck, UserMinus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SelectField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth-store';
import { notify, notifyError } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useEstablishmentOptions } from '../api/get-establishment-options';
import { useSetHolder } from '../api/set-holder';
import type { MemberDetail } from '../api/types';
import { useUpdateMember } from '../api/update-member';
import { memberPagePath } from '../utils/member-paths';

type Explanation = 'ownAccount' | 'higherRole' | null;

/**
 * Role, establishment and holder flag of an account. Only the roles the manager may grant are offered;
 * an account whose role they could not give, and their own role, stay read-only with the reason.
 */
export function AccountCard({ member }: { member: MemberDetail }) {
  const { t } = useTranslation('members');
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useAuth();
  const establishments = useEstablishmentOptions();
  const update = useUpdateMember(member.userId);
  const holder = useSetHolder(member.userId);
  const [role, setRole] = useState<Role>(member.role);
  const [establishmentId, setEstablishmentId] = useState(member.establishment.id);
  const [errors, setErrors] = useState<{ role?: string; establishmentId?: string }>({});

  // Follow the account when it changes (saved here, or reloaded).
  useEffect(() => {
    setRole(member.role);
    setEstablishmentId(member.establishment.id);
  }, [member.role, member.establishment.id]);

  const { canEdit, canChangeRole } = member.permissions;
  const explanation: Explanation = member.userId === user?.id ? 'ownAccount' : !canEdit ? 'higherRole' : null;
  const isEstablishmentManager = user?.role === 'est-manager' && !user.isSystemAdmin;

  // The member's establishment is always listed, even when the manager's list does not hold it.
  const options = establishments.data?.items ?? [];
  const establishmentOptions = options.some((option) => option.id === member.establishment.id)
    ? options
    : [{ id: member.establishment.id, name: member.establishment.name, isDefault: false }, ...options];
  const roleOptions = ROLES.values.filter((value) => value === member.role || canGrantRole(user, value));
  const dirty = role !== member.role || establishmentId !== member.establishment.id;

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      ...(role !== member.role ? { role } : {}),
      ...(establishmentId !== member.establishment.id ? { establishmentId } : {}),
    };
    const parsed = updateMemberAccountSchema(locale).safeParse(input);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'role' || field === 'establishmentId') next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const updated = await update.mutateAsync(parsed.data);
      notify.success(t('account.saved'));
      // A basic user who became a manager is no longer a holder: the page moves under Participants.
      const target = memberPagePath(updated);
      if (target !== location.pathname) navigate(target, { replace: true, state: location.state });
    } catch (error) {
      if (isApiError(error)) {
        const next: typeof errors = {};
        for (const detail of error.details) {
          const field = detail.field.replace(/^body\./, '');
          if (field === 'role' || field === 'establishmentId') next[field] = detail.message;
        }
        setErrors(next);
      }
      notifyError(error);
    }
  };

  const onHolder = async (isHolder: boolean) => {
    try {
      await holder.mutateAsync(isHolder);
      notify.success(isHolder ? t('account.holderGranted') : t('account.holderRemoved'));
      navigate(memberPagePath({ userId: member.userId, isHolder }), {
        replace: true,
        state: location.state,
      });
    } catch {
      // Notified by the query cache.
    }
  };

  return (
    <Card data-account-card="">
      <CardHeader>
        <CardTitle>{t('account.title')}</CardTitle>
        <CardDescription>{t('account.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {explanation ? (
          <Alert tone="info" data-account-readonly="">
            {explanation === 'ownAccount' ? t('account.ownAccount') : t('account.higherRole')}
          </Alert>
        ) : null}
        <form onSubmit={(event) => void onSave(event)} noValidate className="space-y-4">
          <SelectField
            label={t('fields.role')}
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            disabled={!canChangeRole}
            error={errors.role}
            hint={canChangeRole ? t('account.roleHint') : undefined}
            data-role-select=""
          >
            {roleOptions.map((value) => (
              <option
                key={value}
                value={value}
                disabled={value !== member.role && !canGrantRole(user, value)}
              >
                {ROLES.label(value, locale)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('fields.establishment')}
            value={establishmentId}
            onChange={(event) => setEstablishmentId(event.target.value)}
            disabled={!canEdit || isEstablishmentManager || establishmentOptions.length <= 1}
            error={errors.establishmentId}
            hint={isEstablishmentManager && canEdit ? t('account.establishmentOwnOnly') : undefined}
          >
            {establishmentOptions.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </SelectField>
          {canEdit ? (
            <div className="flex justify-end">
              <Button type="submit" size="sm" disabled={!dirty} loading={update.isPending}>
                <Save aria-hidden="true" />
                {t('account.save')}
              </Button>
            </div>
          ) : null}
        </form>

        <div className="space-y-3 border-t border-slate-100 pt-5" data-holder-section="">
          <div className="flex items-center justify-between gap-3">
            <span className="text-sm font-medium text-slate-700">{t('fields.isHolder')}</span>
            {member.isHolder ? (
              <Badge variant="info">{t('list.holderBadge')}</Badge>
            ) : (
              <Badge variant="secondary">{t('account.notHolder')}</Badge>
            )}
          </div>
          {member.role !== 'user' ? (
            <p className="text-sm text-slate-500">{message('holderNeedsUserRole', locale)}</p>
          ) : canEdit ? (
            member.isHolder ? (
              <Button
                variant="secondary"
                size="sm"
                className="w-full"
                loading={holder.isPending}
                onClick={() => void onHolder(false)}
              >
                <UserMinus aria-hidden="true" />
                {t('account.removeHolder')}
              </Button>
            ) : (
              <Button
                variant="subtle"
                size="sm"
                className="w-full"
                loading={holder.isPending}
                onClick={() => void onHolder(true)}
              >
                <UserCheck aria-hidden="true" />
                {t('account.grantHolder')}
              </Button>
            )
          ) : null}
          <p className="text-xs text-slate-500">{t('account.holderExplanation')}</p>
        </div>
      </CardContent>
    </Card>
  );
}
