import { useState } from 'react';
import type { PublicOrganization } from '@/lib/api-types';
import { cn } from '@/lib/cn';

function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .split(' ')
    .filter((word) => word.length > 1 || /\p{Lu}/u.test(word));
  const letters = words.slice(0, 2).map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || 'I';
}

/** The organisation's logo, or its initials on the brand colour while it has none. */
export function OrganizationLogo({
  organization,
  className,
}: {
  organization: Pick<PublicOrganization, 'id' | 'name' | 'logoAsset'> | null;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const base = cn(
    'grid size-9 shrink-0 place-items-center overflow-hidden rounded-xl bg-brand-700 text-sm font-bold text-white shadow-sm shadow-brand-900/20',
    className,
  );
  if (organization?.logoAsset && !failed) {
    return (
      <span className={cn(base, 'bg-white')}>
        <img
          src={`/api/assets/serve/${encodeURIComponent(organization.logoAsset)}?orgId=${encodeURIComponent(organization.id)}`}
          alt=""
          className="size-full object-contain"
          onError={() => setFailed(true)}
        />
      </span>
    );
  }
  return (
    <span className={base} aria-hidden="true">
      {organization ? initials(organization.name) : 'i'}
    </span>
  );
}
