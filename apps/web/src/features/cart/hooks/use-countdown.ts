import { useEffect, useState } from 'react';

const secondsUntil = (target: number) =>
  Number.isNaN(target) ? null : Math.max(0, Math.ceil((target - Date.now()) / 1000));

/** Whole seconds left until `until` (an ISO instant), updated every second; null without a deadline. */
export function useCountdown(until: string | null | undefined): number | null {
  const target = until ? Date.parse(until) : NaN;
  const [seconds, setSeconds] = useState(() => secondsUntil(target));

  useEffect(() => {
    setSeconds(secondsUntil(target));
    if (Number.isNaN(target)) return;
    const timer = window.setInterval(() => {
      const left = secondsUntil(target);
      setSeconds(left);
      if (left === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [target]);

  return seconds;
}

/** 'mm:ss' (minutes may exceed 59: '75:00'). */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
