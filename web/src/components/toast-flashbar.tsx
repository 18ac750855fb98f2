import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import { dismissToast, type Toast, type ToastType } from '../lib/toast.js';

/*
 * Flashbar has no grey type, so neutral toasts use `info` and its style API paints `info` grey
 * (nothing else in the console raises `info` toasts).
 */
const NEUTRAL_GREY = '#5f6b7a';
const FLASHBAR_STYLE: FlashbarProps.Style = {
  item: { root: { background: { info: NEUTRAL_GREY }, borderColor: { info: NEUTRAL_GREY }, color: { info: '#ffffff' } } },
};

const FLASH_TYPE: Record<ToastType, FlashbarProps.Type> = { success: 'success', warning: 'warning', error: 'error', neutral: 'info' };

export default function ToastFlashbar({ toasts }: { toasts: readonly Toast[] }) {
  const items: FlashbarProps.MessageDefinition[] = toasts.map((toast) => ({
    id: toast.id,
    type: FLASH_TYPE[toast.type],
    header: toast.header,
    content: toast.content,
    dismissible: true,
    ...(toast.action ? { buttonText: toast.action, onButtonClick: () => dismissToast(toast.id) } : {}),
    dismissLabel: 'Cerrar notificación',
    onDismiss: () => dismissToast(toast.id),
  }));
  return <Flashbar items={items} stackItems={items.length > 3} style={FLASHBAR_STYLE} />;
}
