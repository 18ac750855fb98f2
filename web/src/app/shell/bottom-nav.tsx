import Icon from '@cloudscape-design/components/icon';
import { useId } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { usePagosPendientes } from '../../features/pagos/api/use-pagos-pendientes.js';
import { enfocarTrasNavegar } from '../../lib/foco.js';
import { gateHint, isLocked, navScreens, screenHref, type PanelScreen, type Viewer } from '../screens.js';

/** Screens reached from a tab's screen (its own tabs, staff's lists of it): that tab stays selected. */
const TAB_DE: Record<string, string> = {
  'lista-de-reservas': 'reservas',
  'viajes-confirmados': 'reservas',
  'viajes-finalizados': 'reservas',
  validarEpayco: 'reservas',
  validarTransferencia: 'reservas',
  anticipos: 'pagos',
  saldos: 'pagos',
};

/**
 * Fixed at the bottom, the spec's five tabs in its order (screens.ts). The selected tab is derived
 * from the address (aria-current), so it survives reloads and follows the side menu and the back
 * button. Gated tabs are locked by the same rule as the side menu and a typed address.
 */
export function BottomNav({ viewer }: { viewer: Viewer }) {
  const hintId = useId();
  const counts: Record<NonNullable<PanelScreen['badge']>, number> = { pendingPayments: usePagosPendientes() };
  const tabs = navScreens('bottomBar', viewer.groups);
  const aqui = useLocation().pathname.split('/').pop() ?? '';
  return (
    <nav id="bottom-nav" className="bottom-nav" aria-label="Navegación inferior">
      {tabs.some((tab) => isLocked(tab, viewer)) && (
        <span id={hintId} className="visually-hidden">
          {gateHint(viewer)}
        </span>
      )}
      <ul className="bottom-nav__list">
        {tabs.map((tab) => {
          const locked = isLocked(tab, viewer);
          const label = tab.tabLabel ?? tab.title;
          const count = tab.badge ? counts[tab.badge] : 0;
          // The accessible name is always the full label; phones show its short part. It holds what the
          // tab shows, in the order shown: the badge's count, then the label ('3 Pagos Pendientes'), so the
          // visible text is in the name (WCAG 2.5.3, axe label-content-name-mismatch; issue 47).
          const name = count > 0 ? `${count} ${label}` : label;
          const content = (
            <>
              <span className="bottom-nav__icon">
                <Icon name={locked ? 'lock-private' : tab.icon} variant={locked ? 'disabled' : undefined} />
                {count > 0 && (
                  <span className="bottom-nav__badge" aria-hidden="true">
                    {count}
                  </span>
                )}
              </span>
              {/* Not drawn (the tab is a flex column), but it parts the count from the label in the text ('3 Pagos', not '3Pagos'). */}{' '}
              <span className="bottom-nav__label bottom-nav__label--full" aria-hidden="true">
                {label}
              </span>
              <span className="bottom-nav__label bottom-nav__label--short" aria-hidden="true">
                {tab.shortLabel ?? label}
              </span>
            </>
          );
          return (
            <li key={tab.path}>
              {locked ? (
                <span className="bottom-nav__tab bottom-nav__tab--locked" role="link" aria-disabled="true" aria-label={name} aria-describedby={hintId} tabIndex={0} title={gateHint(viewer)}>
                  {content}
                </span>
              ) : (
                // As the side menu: the new page's title takes the focus, not this tab at the page's end.
                <Link className="bottom-nav__tab" to={screenHref(tab)} onClick={enfocarTrasNavegar} aria-label={name} aria-current={aqui === tab.path || TAB_DE[aqui] === tab.path ? 'page' : undefined}>
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
