import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /auth/send-otp`: e-mails a 6-digit code valid 10 minutes. Always 204, known address or not. */
export function sendOneTimeCode(email: string): Promise<void> {
  return api.post<void>('/auth/send-otp', { identifier: email, channel: 'email' }, { auth: false });
}

export function useSendOneTimeCode() {
  return useMutation({ mutationFn: sendOneTimeCode });
}
