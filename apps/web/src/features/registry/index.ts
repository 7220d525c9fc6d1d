/* The registry feature's public face: its page, and the participant pieces a member's page shows. */
export { useParticipants } from './api/participants';
export { ParticipantStatusBadge } from './components/participant-status-badge';
export { SessionDate } from './components/session-label';
export { RegistryPage } from './components/registry-page';
