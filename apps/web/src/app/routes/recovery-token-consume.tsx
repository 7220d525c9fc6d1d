export { ConsumeRecoveryTokenPage as Component } from '@/features/recovery-tokens';
