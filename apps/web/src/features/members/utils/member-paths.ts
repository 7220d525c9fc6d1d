import { paths } from '@/lib/paths';

/** A member's page: under Titulaires for a holder, under Participants for everyone else. */
export function memberPagePath(member: { userId: string; isHolder: boolean }): string {
  return member.isHolder ? paths.holder.to(member.userId) : paths.participant.to(member.userId);
}
