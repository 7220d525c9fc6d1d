import { cn } from '@/lib/cn';
import { safeColor } from '../utils/color';

/**
 * The top of a card or of the detail page: the activity's image, or a block of its colour when it has
 * none. Images load lazily and never shift the layout (fixed aspect ratio).
 */
export function ActivityCover({
  imageUrl,
  colorCode,
  className,
  eager = false,
}: {
  imageUrl: string | null;
  colorCode: string;
  className?: string;
  eager?: boolean;
}) {
  const color = safeColor(colorCode);
  return (
    <div className={cn('relative overflow-hidden', className)} style={{ backgroundColor: color }}>
      {imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <>
          <div
            aria-hidden="true"
            className="absolute inset-0 bg-[radial-gradient(circle_at_85%_20%,rgb(255_255_255/0.35),transparent_45%),radial-gradient(circle_at_10%_110%,rgb(0_0_0/0.18),transparent_50%)]"
          />
          <span
            aria-hidden="true"
            className="absolute -top-8 -right-6 size-28 rounded-full border-[14px] border-white/15"
          />
          <span
            aria-hidden="true"
            className="absolute -bottom-10 left-1/3 size-24 rounded-full bg-white/10"
          />
        </>
      )}
    </div>
  );
}
