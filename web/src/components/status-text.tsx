import Icon, { type IconProps } from '@cloudscape-design/components/icon';
import type { TipoIndicador } from '@shared/domain/vencimientos.js';

const ICONS: Record<TipoIndicador, { name: IconProps.Name; variant: IconProps.Variant }> = {
  error: { name: 'status-negative', variant: 'error' },
  warning: { name: 'status-warning', variant: 'warning' },
  success: { name: 'status-positive', variant: 'success' },
  info: { name: 'status-info', variant: 'link' },
  stopped: { name: 'status-stopped', variant: 'subtle' },
};

/**
 * A status with its icon, like Cloudscape's StatusIndicator, but its text wraps between words (the
 * indicator breaks inside them, "vence en 3 día/s", in narrow cells).
 */
export function StatusText({ type, children }: { type: TipoIndicador; children: string }) {
  const icon = ICONS[type];
  return (
    <span className={`status-text status-text--${type}`}>
      <Icon name={icon.name} variant={icon.variant} />
      <span>{children}</span>
    </span>
  );
}
