/* The recovery tokens feature's public face: the family's and managers' page, and the consume page. */
export { ConsumeRecoveryTokenPage } from './components/consume-page';
export { RecoveryTokensPage } from './components/recovery-tokens-page';
