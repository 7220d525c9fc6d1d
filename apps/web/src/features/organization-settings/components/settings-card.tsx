import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/feedback/error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

/**
 * A configuration card whose form needs the saved settings: a placeholder while they load, the error
 * with « Réessayer » when they cannot be read, then `children(saved)`. `marker` names the card for the
 * browser tests (`data-<marker>`).
 */
export function SettingsCard<T>({
  marker,
  title,
  description,
  errorTitle,
  query,
  placeholderClassName = 'h-32',
  contentClassName,
  children,
}: {
  marker: string;
  title: string;
  description: string;
  errorTitle: string;
  query: UseQueryResult<T>;
  placeholderClassName?: string;
  contentClassName?: string;
  children: (saved: T) => ReactNode;
}) {
  return (
    <Card {...{ [`data-${marker}`]: '' }}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>
        {query.isPending ? (
          <Skeleton className={cn(placeholderClassName, 'w-full')} />
        ) : query.isError || query.data === undefined ? (
          <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          children(query.data)
        )}
      </CardContent>
    </Card>
  );
}

/** The submit button at the foot of a settings card's form, busy while it is saved. */
export function SettingsSaveButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <div className="flex justify-end">
      <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
        {children}
      </Button>
    </div>
  );
}
