import { VISIBILITIES } from '@inscrio/shared';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { useLocale } from '@/lib/use-locale';

const VARIANTS: Record<string, BadgeVariant> = {
  hidden: 'outline',
  private: 'secondary',
  protected: 'info',
  public: 'success',
};

/** The activity's visibility with its label (spec section 4). */
export function VisibilityBadge({ visibility }: { visibility: string }) {
  const locale = useLocale();
  return (
    <Badge variant={VARIANTS[visibility] ?? 'outline'} data-visibility={visibility}>
      {VISIBILITIES.is(visibility) ? VISIBILITIES.label(visibility, locale) : visibility}
    </Badge>
  );
}
