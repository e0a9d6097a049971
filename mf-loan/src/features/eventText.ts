/** What one entry of an order's history says: the event in words, with the step or amount it concerns. */
import { useTranslation } from 'react-i18next';
import { ORDER_EVENT_TYPES, statusText, stepRoute, type Order } from 'shared';
import { moneyInText } from 'shared/ui';

type OrderEvent = Order['history'][number];

export function useEventText(): (e: OrderEvent) => string {
  const { t } = useTranslation('loan');
  return (e) => {
    if (!(ORDER_EVENT_TYPES as readonly string[]).includes(e.type)) return t('history.events.other', { status: t(`status.${statusText(e.status)}`) });
    const step = stepRoute(e.status);
    return t(`history.events.${e.type}`, {
      step: step ? t(`history.steps.${step}`) : '',
      amount: e.note && /^\d+(\.\d+)?$/.test(e.note) ? moneyInText(Number(e.note)) : '',
    });
  };
}
