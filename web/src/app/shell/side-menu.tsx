import Box from '@cloudscape-design/components/box';
import Icon from '@cloudscape-design/components/icon';
import { useId } from 'react';
import { NavLink } from 'react-router-dom';
import { useSignOut } from '../../features/auth/api/use-sign-out.js';
import { gateHint, isLocked, navScreens, screenHref, type Viewer } from '../screens.js';

/*
 * Cloudscape's SideNavigation has no disabled links, and the spec needs visibly disabled entries
 * with a hint, so the menu is a plain list styled after it.
 */
export function SideMenu({ viewer, onChoose }: { viewer: Viewer; onChoose: () => void }) {
  const hintId = useId();
  const signOut = useSignOut();
  const entries = navScreens('sideMenu', viewer.groups);
  const anyLocked = entries.some((entry) => isLocked(entry, viewer));

  return (
    <nav className="side-menu" aria-label="Menú principal">
      <Box variant="h2" margin={{ bottom: 'm' }}>
        Menú
      </Box>
      <ul className="side-menu__list">
        {entries.map((entry) =>
          isLocked(entry, viewer) ? (
            <li key={entry.path}>
              <span className="side-menu__item" role="link" aria-disabled="true" tabIndex={0} aria-describedby={hintId}>
                <Icon name={entry.icon} />
                <span>{entry.menuLabel ?? entry.title}</span>
                <span className="side-menu__lock">
                  <Icon name="lock-private" variant="disabled" />
                </span>
              </span>
            </li>
          ) : (
            <li key={entry.path}>
              <NavLink className="side-menu__item" to={screenHref(entry)} onClick={onChoose}>
                <Icon name={entry.icon} />
                <span>{entry.menuLabel ?? entry.title}</span>
              </NavLink>
            </li>
          ),
        )}
        {anyLocked && (
          <li className="side-menu__hint">
            <Box variant="small" color="text-status-inactive">
              <span id={hintId}>{gateHint(viewer)}</span>
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
