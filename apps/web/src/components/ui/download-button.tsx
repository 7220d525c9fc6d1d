import { FileDown, type LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from './button';
import { type Download, useDownload } from '@/lib/download';

/** Downloads a document (PDF, CSV, XML) with the session's token; a bare icon when `iconOnly`. */
export function DownloadButton({
  download,
  label,
  icon: Icon = FileDown,
  iconOnly = false,
  variant = 'secondary',
  size = 'sm',
  className,
}: {
  download: Download;
  label: string;
  icon?: LucideIcon;
  iconOnly?: boolean;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}) {
  const mutation = useDownload();
  return (
    <Button
      variant={variant}
      size={iconOnly ? 'icon-sm' : size}
      className={className}
      loading={mutation.isPending}
      onClick={() => mutation.mutate(download)}
      aria-label={iconOnly ? label : undefined}
      title={iconOnly ? label : undefined}
    >
      {mutation.isPending ? null : <Icon aria-hidden="true" />}
      {iconOnly ? null : label}
    </Button>
  );
}
