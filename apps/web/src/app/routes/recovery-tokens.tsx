export { RecoveryTokensPage as Component } from '@/features/recovery-tokens';
