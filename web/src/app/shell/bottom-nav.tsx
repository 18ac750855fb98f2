import Icon from '@cloudscape-design/components/icon';
import { NavLink } from 'react-router-dom';
import { usePendingPaymentsCount } from '../../features/payments/api/use-pending-payments-count.js';
import { navScreens, screenHref, type PanelScreen } from '../screens.js';

/**
 * Fixed at the bottom, the spec's five tabs in its order (screens.ts). The selected tab is derived
 * from the address (NavLink sets aria-current), so it survives reloads and follows the side menu and
 * the back button.
 */
export function BottomNav({ groups }: { groups: readonly string[] }) {
  const counts: Record<NonNullable<PanelScreen['badge']>, number> = { pendingPayments: usePendingPaymentsCount() };
  return (
    <nav id="bottom-nav" className="bottom-nav" aria-label="Navegación inferior">
      <ul className="bottom-nav__list">
        {navScreens('bottomBar', groups).map((tab) => (
          <li key={tab.path}>
            <NavLink className="bottom-nav__tab" to={screenHref(tab)}>
              <span className="bottom-nav__icon">
                <Icon name={tab.icon} />
                {tab.badge && (
                  <span className="bottom-nav__badge" aria-hidden="true">
                    {counts[tab.badge]}
                  </span>
                )}
              </span>
              <span>{tab.tabLabel ?? tab.title}</span>
              {tab.badge && <span className="visually-hidden">, {counts[tab.badge]} pendientes</span>}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
