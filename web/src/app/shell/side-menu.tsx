import Box from '@cloudscape-design/components/box';
import Icon, { type IconProps } from '@cloudscape-design/components/icon';
import { useId } from 'react';
import { NavLink } from 'react-router-dom';
import type { MeResponse } from '../../../../shared/schemas/empresa.js';
import { useSignOut } from '../../features/auth/api/use-sign-out.js';
import { isAdmin } from '../../features/me/api/get-me.js';
import { panelPath } from '../panel-screens.js';

interface Entry {
  text: string;
  href: string;
  icon: IconProps.Name;
  /** Open only with a complete profile and a first corporate photo (spec 01 sections 4 and 6). */
  gated: boolean;
}

const GATE_HINT = 'Completa tu perfil y sube una foto corporativa';

/*
 * Cloudscape's SideNavigation has no disabled links, and the spec needs visibly disabled entries
 * with a hint, so the menu is a plain list styled after it.
 */
export function SideMenu({ me, onChoose }: { me: MeResponse | undefined; onChoose: () => void }) {
  const hintId = useId();
  const signOut = useSignOut();
  const open = !!me?.perfilCompleto;

  const entries: Entry[] = [
    { text: 'Perfil de Usuario', href: panelPath('perfil'), icon: 'user-profile', gated: false },
    { text: 'Mapa de Monitoreo', href: panelPath('monitor-map'), icon: 'map', gated: true },
    { text: 'Gestiona Flota', href: panelPath('gestiona-flota'), icon: 'list-view', gated: true },
    ...(isAdmin(me)
      ? [{ text: 'Registrar Nuevo Usuario', href: panelPath('registro-interno'), icon: 'add-plus', gated: true } as const]
      : []),
  ];
  const anyLocked = !open && entries.some((entry) => entry.gated);

  return (
    <nav className="side-menu" aria-label="Menú principal">
      <Box variant="h2" margin={{ bottom: 'm' }}>
        Menú
      </Box>
      <ul className="side-menu__list">
        {entries.map((entry) =>
          entry.gated && !open ? (
            <li key={entry.href}>
              <span className="side-menu__item" role="link" aria-disabled="true" tabIndex={0} aria-describedby={hintId}>
                <Icon name={entry.icon} />
                <span>{entry.text}</span>
                <span className="side-menu__lock">
                  <Icon name="lock-private" variant="disabled" />
                </span>
              </span>
            </li>
          ) : (
            <li key={entry.href}>
              <NavLink className="side-menu__item" to={entry.href} onClick={onChoose}>
                <Icon name={entry.icon} />
                <span>{entry.text}</span>
              </NavLink>
            </li>
          ),
        )}
        {anyLocked && (
          <li className="side-menu__hint">
            <Box variant="small" color="text-status-inactive">
              <span id={hintId}>{GATE_HINT}</span>
            </Box>
          </li>
        )}
        <li>
          <button
            type="button"
            className="side-menu__item"
            onClick={() => {
              onChoose();
              void signOut();
            }}
          >
            <Icon name="sign-out" />
            <span>Salir</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
