import Icon, { type IconProps } from '@cloudscape-design/components/icon';
import { NavLink } from 'react-router-dom';
import { usePendingPaymentsCount } from '../../features/payments/api/use-pending-payments-count.js';
import { panelPath } from '../panel-screens.js';

interface Tab {
  text: string;
  path: string;
  icon: IconProps.Name;
}

/** Spec 01 "Control-panel shell": five tabs, in this order. */
const TABS: Tab[] = [
  { text: 'Gestionar Flota', path: 'gestiona-flota', icon: 'list-view' },
  { text: 'Reservas por Validar', path: 'reservas', icon: 'calendar' },
  { text: 'Mapa de Monitoreo', path: 'monitor-map', icon: 'map' },
  { text: 'Pagos Pendientes', path: 'pagos', icon: 'status-pending' },
  { text: 'Servicios en Curso', path: 'servicios-en-curso', icon: 'status-in-progress' },
];

/**
 * Fixed at the bottom. The selected tab is derived from the address (NavLink sets aria-current),
 * so it survives reloads and follows the side menu and the back button.
 */
export function BottomNav() {
  const pendingPayments = usePendingPaymentsCount();
  return (
    <nav id="bottom-nav" className="bottom-nav" aria-label="Navegación inferior">
      <ul className="bottom-nav__list">
        {TABS.map((tab) => (
          <li key={tab.path}>
            <NavLink className="bottom-nav__tab" to={panelPath(tab.path)}>
              <span className="bottom-nav__icon">
                <Icon name={tab.icon} />
                {tab.path === 'pagos' && (
                  <span className="bottom-nav__badge" aria-hidden="true">
                    {pendingPayments}
                  </span>
                )}
              </span>
              <span>{tab.text}</span>
              {tab.path === 'pagos' && <span className="visually-hidden">, {pendingPayments} pendientes</span>}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
