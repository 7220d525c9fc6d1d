/*
 * The documents feature's public face: the /documents page, the dialog asking to accept new conditions,
 * and the conditions themselves (the profile shows and accepts them too).
 */
export { DocumentsPage } from './components/documents-page';
export { PendingConditionsDialog } from './components/pending-conditions-dialog';
export { type Condition, type ConditionKind, useAcceptConditions, useConditions } from './api/conditions';
