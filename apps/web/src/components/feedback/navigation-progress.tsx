import { useNavigation } from 'react-router';

/** A thin bar at the top of the window while a navigation waits for its guard or its code. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <div
      aria-hidden="true"
      // Plain classes (no cn): this bar is in the page's first JavaScript, which stays small.
      className={`pointer-events-none fixed inset-x-0 top-0 z-[70] h-0.5 origin-left bg-brand-600 transition-all duration-500 ${
        busy ? 'scale-x-75 opacity-100' : 'scale-x-100 opacity-0'
      }`}
    />
  );
}
