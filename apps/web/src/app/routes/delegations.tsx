export { FamilyPage as Component } from '@/features/family';
