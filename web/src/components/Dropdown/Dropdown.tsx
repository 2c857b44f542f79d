/**
 * A disclosure menu built on `<details>`: it opens and closes without JavaScript, and
 * after hydration also closes on Escape, on a click outside and after navigation.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface Props {
  label: ReactNode;
  children: ReactNode;
  className?: string;
}

export function Dropdown({ label, children, className }: Props) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        details.open = false;
        details.querySelector('summary')?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);

  return (
    <details ref={ref} className={className ? `dropdown ${className}` : 'dropdown'}>
      <summary className="dropdown-toggle">{label}</summary>
      <div className="dropdown-menu">{children}</div>
    </details>
  );
}
