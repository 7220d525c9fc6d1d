export { FamilyPage as Component } from '@/features/family/components/family-page';
