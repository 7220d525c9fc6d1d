import type { BadgeVariant } from '@/components/ui/badge';
import type { Service } from '../api/types';

/** Badge style of a session status (confirmed, postponed, cancelled). */
export const SESSION_BADGES: Record<Service['status'], BadgeVariant> = {
  confirmed: 'success',
  postponed: 'warning',
  cancelled: 'destructive',
};
