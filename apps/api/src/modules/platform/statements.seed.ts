import type { Database } from '../../db/client';
import { issueMonthStatements, PLATFORM_TIME_ZONE } from './statements';
import { previousMonth } from './statements.rules';
import { localDay } from '@inscrio/shared';

/**
 * Demo data: the statements of the past three months for the clubs present, issued by the monthly job's
 * own use case, oldest month first (so their numbers follow the months), each as if issued on the first
 * day of the month after it. Run it after the clubs and their licences exist: a club whose licence
 * starts after a month gets nothing for it, a free trial or unlimited plan neither. Idempotent.
 */
export async function seedPlatformStatements(db: Database, now: Date): Promise<number> {
  const thisMonth = localDay(now, PLATFORM_TIME_ZONE).slice(0, 7);
  const months = [previousMonth(previousMonth(previousMonth(thisMonth)))];
  while (months.length < 3) months.push(nextMonth(months.at(-1)!));
  let issued = 0;
  for (const month of months) {
    // Noon on the 1st of the next month in Brussels (UTC+1/+2): the same local day.
    const issuedAt = new Date(`${nextMonth(month)}-01T10:00:00Z`);
    issued += (await issueMonthStatements(db, month, issuedAt < now ? issuedAt : now)).issued;
  }
  return issued;
}

function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}
