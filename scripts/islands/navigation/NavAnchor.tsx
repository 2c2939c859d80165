import type { NavLink } from './read-navigation';

/** A navigation link with the current-page marking the build gave it. */
export function NavAnchor({ link, className }: { link: NavLink; className: string }) {
  return (
    <a className={className} href={link.href} aria-current={link.current}>
      {link.label}
    </a>
  );
}
