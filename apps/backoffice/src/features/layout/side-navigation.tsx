import { visibleNavigationItems } from '@paygate/domain';
import type { CSSProperties } from 'react';
import { NavLink } from 'react-router';
import { useCurrentPerson } from '../session/current-person.tsx';

/** The external Support link; deployments point it at their help desk (VITE_SUPPORT_URL). */
export const SUPPORT_URL: string =
  import.meta.env.VITE_SUPPORT_URL || 'mailto:support@paygate.example';

/** SPEC §2, §9: the side navigation is 283 px wide. */
export const SIDEBAR_WIDTH_PX = 283;

/** SPEC §2 side navigation, SIDEBAR_WIDTH_PX wide, with the visibility rules of SPEC §6. */
export const SideNavigation = () => {
  const person = useCurrentPerson();
  return (
    <nav
      className="bo-sidebar"
      aria-label="Main"
      style={{ '--bo-sidebar-width': `${SIDEBAR_WIDTH_PX}px` } as CSSProperties}
    >
      <ul>
        {visibleNavigationItems(person).map((item) => (
          <li key={item.id}>
            {item.external || item.path === null ? (
              <a href={SUPPORT_URL} target="_blank" rel="noreferrer noopener">
                {item.label}
              </a>
            ) : (
              <NavLink to={item.path} className={({ isActive }) => (isActive ? 'active' : '')}>
                {item.label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
};
