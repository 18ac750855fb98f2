import TopNavigation, { type TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { useId } from 'react';
import type { MeResponse } from '@shared/schemas/empresa.js';
import { useAvatarUrl } from '../../components/avatar.js';
import { useSignOut } from '../../features/auth/api/use-sign-out.js';
import { useFollow } from '../../lib/navigation.js';
import { useThemeMode } from '../../lib/theme.js';
import { panelPath, PANEL_BASE, screenAt } from '../screens.js';
import { enfocarTrasNavegar } from '../../lib/foco.js';

/** The profile photo drawn as a round icon (TopNavigation takes icons, not images). */
function AvatarIcon({ url }: { url: string }) {
  // useId() may contain characters that break a url(#...) reference.
  const clipId = `avatar-clip-${useId().replace(/[^\w-]/g, '')}`;
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <clipPath id={clipId}>
        <circle cx="8" cy="8" r="8" />
      </clipPath>
      <image href={url} width="16" height="16" clipPath={`url(#${clipId})`} preserveAspectRatio="xMidYMid slice" />
    </svg>
  );
}

export function TopBar({ me }: { me: MeResponse | undefined }) {
  const follow = useFollow();
  const signOut = useSignOut();
  const { mode, toggle } = useThemeMode();
  const avatarUrl = useAvatarUrl(me?.archivos.fotoPerfil);

  const perfil = screenAt('perfil');
  const fullName = me ? `${me.usuario.nombres} ${me.usuario.apellidos}`.trim() : '';
  const themeLabel = mode === 'dark' ? 'Cambiar a modo claro' : 'Cambiar a modo oscuro';

  const utilities: TopNavigationProps.Utility[] = [
    { type: 'button', iconName: 'light-dark', ariaLabel: themeLabel, title: themeLabel, onClick: toggle },
    {
      type: 'menu-dropdown',
      text: fullName || me?.usuario.email || 'Mi cuenta',
      description: me?.usuario.email,
      iconSvg: <AvatarIcon url={avatarUrl} />,
      items: [
        { id: 'perfil', text: perfil.menuLabel ?? perfil.title, href: panelPath('perfil'), iconName: perfil.icon },
        { id: 'salir', text: 'Salir', iconName: 'sign-out' },
      ],
      // Items with an href go through the router, the new page taking the focus; 'Salir' has none.
      onItemFollow: (e) => {
        enfocarTrasNavegar();
        follow(e);
      },
      onItemClick: ({ detail }) => {
        if (detail.id === 'salir') void signOut();
      },
    },
  ];

  return (
    <TopNavigation
      identity={{
        href: PANEL_BASE,
        title: 'TransAliadas',
        // Not the title's words (axe image-redundant-alt), and not empty: Cloudscape gives the image
        // role="img", which an empty alt contradicts (aria-allowed-role). The link reads "Logo de TransAliadas".
        logo: { src: '/logo.svg', alt: 'Logo de' },
        onFollow: follow,
      }}
      utilities={utilities}
    />
  );
}
